import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { call, login, PUBLIC_URL, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

interface SiteBase {
  is_can_chat: number;
  chat_url: string | null;
  common_config: { qq1: string; qq2: string; gzh_name: string | null; gzh_qrcode: string | null };
}

const seeded = { chat_url: null, social_account_url: 'http://localhost:4000/' };
afterEach(async () => {
  await db.query('UPDATE site_config SET chat_url = $1, social_account_url = $2, is_can_chat = 0 WHERE id = 1', [
    seeded.chat_url,
    seeded.social_account_url,
  ]);
});

describe('the side bar settings of the site', () => {
  it('SHELL-08: offers the QQ contacts and no chat address until a deployment sets one', async () => {
    const visitor = await call<SiteBase>(app, 'GET', '/api/user/base');
    expect(visitor.body.data).toMatchObject({ is_can_chat: 0, chat_url: null });
    expect(visitor.body.data.common_config.qq1).not.toBe('');

    await db.query("UPDATE site_config SET is_can_chat = 1, chat_url = 'https://chat.example.cn/widget' WHERE id = 1");
    const token = await login(app);
    const buyer = await call<SiteBase>(app, 'GET', '/api/user/base', { token });
    expect(buyer.body.data).toMatchObject({ is_can_chat: 1, chat_url: 'https://chat.example.cn/widget' });
  });

  it('SHELL-08: serves the social account QR code of the configured follow link, and none without one', async () => {
    const base = await call<SiteBase>(app, 'GET', '/api/user/base');
    expect(base.body.data.common_config).toMatchObject({
      gzh_name: '药采通服务号',
      gzh_qrcode: `${PUBLIC_URL}/api/images/social-qr.svg`,
    });
    const picture = await app.inject({ method: 'GET', url: '/api/images/social-qr.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    // The very code of the configured link, not of anything else.
    const expected = await QRCode.toString(seeded.social_account_url, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    expect(picture.body).toBe(expected);
    const other = await QRCode.toString('https://mp.weixin.qq.com/other', { type: 'svg', margin: 2 });
    expect(picture.body).not.toBe(other);

    await db.query('UPDATE site_config SET social_account_url = NULL WHERE id = 1');
    expect((await call<SiteBase>(app, 'GET', '/api/user/base')).body.data.common_config.gzh_qrcode).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/images/social-qr.svg' })).statusCode).toBe(404);
  });
});

describe('the side nav pictures', () => {
  it('SHELL-19: every seeded navigation link has a picture the upstream draws, at an address a browser loads', async () => {
    const common = await call<{ nav: { id: number; name: string; image: string | null }[] }>(
      app,
      'GET',
      '/api/focus/common',
    );
    const nav = common.body.data.nav;
    expect(nav.length).toBeGreaterThan(0);
    for (const link of nav) expect(link.image).toBe(`${PUBLIC_URL}/api/images/nav/${link.id}.svg`);
    const first = nav[0];
    if (!first) throw new Error('no navigation');
    const picture = await app.inject({ method: 'GET', url: `/api/images/nav/${first.id}.svg` });
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toContain(`aria-label="${first.name}"`);
    for (const id of ['99999', '0', 'abc'])
      expect((await app.inject({ method: 'GET', url: `/api/images/nav/${id}.svg` })).statusCode).toBe(404);
  });

  it('SHELL-19: a link without a picture answers none, and an absolute address is kept as it is', async () => {
    await db.query('UPDATE nav SET image = NULL WHERE id = 1');
    await db.query("UPDATE nav SET image = 'https://cdn.example.cn/a.png' WHERE id = 2");
    const nav = (await call<{ nav: { id: number; image: string | null }[] }>(app, 'GET', '/api/focus/common')).body.data
      .nav;
    expect(nav.find((link) => link.id === 1)?.image).toBeNull();
    expect(nav.find((link) => link.id === 2)?.image).toBe('https://cdn.example.cn/a.png');
    await db.query("UPDATE nav SET image = '/api/images/nav/' || id || '.svg'");
  });
});
