import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatLoginConfig } from '../src/config';

/** WeChat login configured against a fake API at `apiBase` (the QR code page is never fetched by the upstream). */
export const wechatLoginFor = (apiBase: string): WechatLoginConfig => ({
  appId: 'wxapp123',
  appSecret: 'sekrit',
  redirectUri: 'https://shop.example/bdwx',
  openBase: 'https://open.weixin.qq.com',
  apiBase,
});

/** WeChat's token and profile endpoints, faked: `code-ok-*` codes are good, anything else is refused. */
export function fakeWechat(): { start: () => Promise<string>; stop: () => Promise<void>; exchanges: string[] } {
  const exchanges: string[] = [];
  let server: Server | undefined;
  return {
    exchanges,
    start: async () => {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://wechat.test');
        res.setHeader('content-type', 'text/plain');
        if (url.pathname === '/sns/oauth2/access_token') {
          const code = url.searchParams.get('code') ?? '';
          exchanges.push(code);
          if (url.searchParams.get('secret') !== 'sekrit' || !code.startsWith('code-ok-')) {
            res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
            return;
          }
          res.end(
            JSON.stringify({
              access_token: `at-${code}`,
              openid: `openid-${code.slice(8)}-abcdefgh`,
              scope: 'snsapi_login',
            }),
          );
          return;
        }
        if (url.pathname === '/sns/userinfo') {
          res.end(JSON.stringify({ openid: url.searchParams.get('openid'), nickname: '药店小王' }));
          return;
        }
        res.statusCode = 404;
        res.end('{}');
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    },
    stop: async () => {
      const listening = server;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    },
  };
}
