import type { ServerResponse } from 'node:http';
import { send, sendRefusal, type FakeUpstream } from './fake-upstream';
import { buyer } from './fixtures';

/** The session cookie the upstream sets with the token `tok` of a right login. */
export const SESSION_COOKIE = 'token=tok; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800';

/** Answers a right login of the buyer, as POST /api/user/login does: the token `tok` and its session cookie. */
export function sendLogin(res: ServerResponse): void {
  send(
    res,
    200,
    { code: 10000, message: '登录成功', data: { token: 'tok', user: buyer() } },
    { 'set-cookie': SESSION_COOKIE },
  );
}

/** POST /api/user/login taking the password demo1234 and refusing any other as the upstream refuses a wrong one. */
export function serveDemoLogin(upstream: FakeUpstream): void {
  upstream.on('POST', '/api/user/login', (seen, res) =>
    seen.form.password === 'demo1234'
      ? sendLogin(res)
      : sendRefusal(res, { password: ['用户名或密码错误'] }, 'invalid'),
  );
}
