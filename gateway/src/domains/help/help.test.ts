import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { sanitizeRichText } from './sanitize';

const { upstream, gw } = useGatewayOnFakeUpstream();

describe('rich text sanitising (INFO-02)', () => {
  it('removes scripts, styles and their text, keeping the article around them', () => {
    expect(sanitizeRichText('<p>订单<script>alert(1)</script>支付</p><style>p{display:none}</style>')).toBe(
      '<p>订单支付</p>',
    );
  });

  it('removes every on* event attribute, style and class', () => {
    const html = sanitizeRichText(
      '<p onclick="steal()" style="color:red" class="x" onmouseover="x()">文字</p><img src="https://img.test/a.png" onerror="alert(1)" alt="图">',
    );
    expect(html).toBe('<p>文字</p><img src="https://img.test/a.png" alt="图" />');
    expect(html).not.toMatch(/\son\w+=|style=|class=/i);
  });

  it('removes javascript:, data: and vbscript: addresses, however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
    ]) {
      const html = sanitizeRichText(`<a href="${href}">链接</a>`);
      expect(html, href).toBe('<a>链接</a>');
    }
    expect(sanitizeRichText('<img src="javascript:alert(1)" alt="x">')).toBe('<img alt="x" />');
    expect(sanitizeRichText('<a href="//evil.test/x">链接</a>')).toBe('<a>链接</a>');
  });

  it('drops frames, forms, objects and SVG with whatever they hold', () => {
    const html = sanitizeRichText(
      '<iframe src="https://evil.test"></iframe><form action="/x"><input name="a"><button>提交</button></form>' +
        '<object data="x.swf"></object><svg onload="alert(1)"><circle /></svg><p>正文</p>',
    );
    expect(html).not.toMatch(/iframe|form|input|object|svg|onload/i);
    expect(html).toContain('<p>正文</p>');
  });

  it('keeps text structure, same-site links, mail and phone links; outside links open safely in a new tab', () => {
    expect(
      sanitizeRichText(
        '<h1>标题</h1><h2>小节</h2><ul><li><strong>余额</strong>支付</li></ul><a href="/help_pay">支付配送</a>' +
          '<a href="tel:4008201120">电话</a><a href="mailto:kefu@example.test">邮件</a>' +
          '<a href="https://www.nmpa.gov.cn/" target="_self" rel="opener">药监局</a>',
      ),
    ).toBe(
      '<h2>标题</h2><h2>小节</h2><ul><li><strong>余额</strong>支付</li></ul><a href="/help_pay">支付配送</a>' +
        '<a href="tel:4008201120">电话</a><a href="mailto:kefu@example.test">邮件</a>' +
        '<a href="https://www.nmpa.gov.cn/" target="_blank" rel="noopener noreferrer">药监局</a>',
    );
  });

  it('escapes text that only looks like markup', () => {
    expect(sanitizeRichText('满 800 元 < 包邮 & 次日达')).toBe('满 800 元 &lt; 包邮 &amp; 次日达');
  });
});

const article = {
  id: 12,
  title: '订单支付',
  content: '<p onclick="x()">请在 24 小时内支付。<script>alert(1)</script></p><a href="javascript:alert(1)">点此</a>',
  code: 'zfps_ddzf',
  category: { id: 4, name: '支付配送' },
  updated_at: '2026-11-20T02:00:00.000Z',
};

describe('help articles', () => {
  it('maps an article by id with sanitised HTML', async () => {
    upstream.ok('GET', '/api/article/12', article);
    const { body } = await gw.gql('{ helpArticle(id: "12") { id title html categoryName updatedAt } }');
    expect(body).toEqual({
      data: {
        helpArticle: {
          id: '12',
          title: '订单支付',
          html: '<p>请在 24 小时内支付。</p><a>点此</a>',
          categoryName: '支付配送',
          updatedAt: '2026-11-20T02:00:00.000Z',
        },
      },
    });
  });

  it('answers null for an unknown id, and for a malformed one without asking the upstream', async () => {
    upstream.fail('GET', '/api/article/404', 404, { code: 404, message: '文章不存在或已下线' });
    expect((await gw.gql('{ helpArticle(id: "404") { id } }')).body).toEqual({ data: { helpArticle: null } });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '']) {
      expect((await gw.gql(`{ helpArticle(id: "${id}") { id } }`)).body, id).toEqual({ data: { helpArticle: null } });
    }
    expect(upstream.calls('GET', '/api/article/404')).toHaveLength(1);
    expect(upstream.seen).toHaveLength(1);
  });

  it('finds each fixed page by its code (INFO-04)', async () => {
    for (const [page, code] of [
      ['ORDER_PAYMENT', 'zfps_ddzf'],
      ['GOODS_DELIVERY', 'zfps_hwps'],
      ['MEDICINE_RETURNS', 'zfps_ypth'],
      ['PRIVACY', 'privacy'],
    ] as const) {
      upstream.ok('GET', `/api/article/code/${code}`, { ...article, code });
      const { body } = await gw.gql(`{ pageArticle(page: ${page}) { title html } }`);
      expect(body.data, page).toEqual({
        pageArticle: { title: '订单支付', html: '<p>请在 24 小时内支付。</p><a>点此</a>' },
      });
    }
  });
});

describe('news posts in full (INFO-05)', () => {
  it('maps a post with its kind, sanitised HTML and neighbours', async () => {
    upstream.ok('GET', '/api/focus/post/7', {
      id: 7,
      type: 1,
      title: '药品追溯码全面应用',
      summary: '门店需做好扫码设备准备。',
      content: '<p>扫码销售<img src=x onerror=alert(1)></p>',
      published_at: '2026-11-01T00:00:00.000Z',
      previous: { id: 9, title: '更新的一篇' },
      next: null,
    });
    const { body } = await gw.gql(
      '{ newsArticle(id: "7") { id kind title summary publishedAt html previous { id title } next { id } } }',
    );
    expect(body).toEqual({
      data: {
        newsArticle: {
          id: '7',
          kind: 'INDUSTRY',
          title: '药品追溯码全面应用',
          summary: '门店需做好扫码设备准备。',
          publishedAt: '2026-11-01T00:00:00.000Z',
          html: '<p>扫码销售<img src="x" /></p>',
          previous: { id: '9', title: '更新的一篇' },
          next: null,
        },
      },
    });
  });

  it('answers null for an unknown post', async () => {
    upstream.fail('GET', '/api/focus/post/5', 404, { code: 404, message: '资讯不存在或已下线' });
    expect((await gw.gql('{ newsArticle(id: "5") { id } }')).body).toEqual({ data: { newsArticle: null } });
  });

  it('refuses an answer with an unknown news type at the edge', async () => {
    upstream.ok('GET', '/api/focus/post/8', {
      id: 8,
      type: 3,
      title: 't',
      summary: '',
      content: '',
      published_at: '2026-11-01T00:00:00.000Z',
      previous: null,
      next: null,
    });
    const { body } = await gw.gql('{ newsArticle(id: "8") { kind } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
