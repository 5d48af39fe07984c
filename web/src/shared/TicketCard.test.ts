import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expiryStamp, TicketCard, TicketGrid } from './TicketCard';

describe('SHELL-27: the ticket card frame', () => {
  it('stamps a ticket in its last three days with the days left, and none before', () => {
    expect(expiryStamp(0)).toBe('0天后过期');
    expect(expiryStamp(3)).toBe('3天后过期');
    expect(expiryStamp(4)).toBeUndefined();
    // The store's clock not read yet: no stamp rather than a guess.
    expect(expiryStamp(null)).toBeUndefined();
  });

  it('shows the value, the name as its heading with the stamp, each term, and the action; named when asked', () => {
    const html = renderToString(
      createElement(TicketGrid, {
        label: '可领取的优惠券',
        children: createElement(TicketCard, {
          label: '新客满减券',
          face: '减¥30.00',
          faceNote: '满¥300.00可用',
          title: '新客满减券',
          state: '2天后过期',
          lines: ['无门槛 · 已领 40%', '2026-11-01 至 2026-12-01'],
          muted: false,
          actions: createElement('button', { type: 'button' }, '立即领取'),
        }),
      }),
    );
    expect(html).toContain('<ul');
    expect(html).toContain('aria-label="可领取的优惠券"');
    expect(html).toContain('<li');
    expect(html).toContain('aria-label="新客满减券"');
    expect(html).toContain('减¥30.00');
    expect(html).toContain('满¥300.00可用');
    expect(html).toMatch(/<h2[^>]*>新客满减券<span[^>]*>2天后过期<\/span><\/h2>/);
    expect(html).toContain('无门槛 · 已领 40%');
    expect(html).toContain('2026-11-01 至 2026-12-01');
    expect(html).toContain('立即领取');
  });

  it('leaves out what a ticket does not have: no stamp, no note, no action, no name of its own', () => {
    const html = renderToString(
      createElement(TicketCard, { face: '¥5.00', title: '售后补偿', lines: ['来源：售后补偿'], muted: true }),
    );
    expect(html).toMatch(/<h2[^>]*>售后补偿<\/h2>/);
    expect(html).not.toContain('aria-label');
    expect(html).not.toContain('<button');
  });

  it('greys a ticket that can no longer be used', () => {
    const card = (muted: boolean) =>
      renderToString(createElement(TicketCard, { face: '9折', title: '折扣券', lines: [], muted }));
    expect(card(true)).not.toBe(card(false));
  });
});
