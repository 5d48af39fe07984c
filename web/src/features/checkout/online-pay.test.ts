import { MockedProvider } from '@apollo/client/testing/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OnlinePayPanel } from './OnlinePayPanel';

/** The panel as the server renders it, inside the router and a client with no answers yet. */
function render(kind: 'QR' | 'REDIRECT', url: string, methodName: string): string {
  const panel = createElement(OnlinePayPanel, { orderId: '900', methodName, kind, url, onCancel: () => undefined });
  return renderToString(createElement(MemoryRouter, null, createElement(MockedProvider, { mocks: [] }, panel)));
}

describe('an online payment under way (PAY-09, PAY-11)', () => {
  it('shows WeChat Pay’s code_url as a QR code with an accessible name, and says the page moves on', () => {
    const html = render('QR', 'weixin://wxpay/bizpayurl?pr=abc', '微信支付');
    expect(html).toContain('<svg');
    expect(html).toContain('<title>微信支付付款二维码</title>');
    expect(html).toContain('请使用微信扫一扫');
    expect(html).toContain('支付完成后页面将自动跳转');
    expect(html).not.toContain('weixin://');
  });

  it('opens Alipay’s page in a new tab instead of a code', () => {
    const html = render('REDIRECT', 'https://openapi.alipay.com/gateway.do?sign=x', '支付宝');
    expect(html).not.toContain('<svg');
    expect(html).toContain('href="https://openapi.alipay.com/gateway.do?sign=x"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('前往支付宝付款');
  });
});
