import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { isPassword, isPhone, RuleText } from '@pharma/domain/validation';
import { findSession, presentedToken, requireSession, setTokenCookie } from '../../lib/auth';
import { clientAddress } from '../../lib/gateway';
import { ApiError, notFound, ok, parse } from '../../lib/http';
import { listDocuments, noticeWindows } from '../qualifications/service';
import * as users from './service';

const loginBody = z.object(
  {
    username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名过长'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  },
  { error: '请输入用户名和密码' },
);

/** ACCOUNT-01: the contact of the login: a name and a mobile or landline (VAL-02). */
const contactBody = z.object(
  {
    name: z.string({ error: '请输入联系人姓名' }).trim().min(1, '请输入联系人姓名').max(20, '联系人姓名最多20个字'),
    phone: z.string({ error: RuleText.phone }).trim().refine(isPhone, RuleText.phone),
  },
  { error: '请填写联系人信息' },
);

/** ACCOUNT-02: the old password, then the new one twice (VAL-07); the first failing field is the message. */
const passwordBody = z
  .object(
    {
      old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码不正确'),
      password: z.string({ error: '请输入新密码' }).refine(isPassword, RuleText.password),
      password_confirmation: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
    },
    { error: '请填写密码' },
  )
  .refine((b) => b.password === b.password_confirmation, {
    message: '两次输入的新密码不一致',
    path: ['password_confirmation'],
  })
  .refine((b) => b.password !== b.old_password, { message: '新密码不能与原密码相同', path: ['password'] });

/** The login answer for a session just opened, with the cookie browsers ride on (AUTH-01). */
export async function signedIn(db: Db, config: Config, reply: FastifyReply, userId: number, token: string) {
  setTokenCookie(reply, config, token, config.sessionTtlSeconds);
  return { token, user: await users.buyerBase(db, config.publicUrl, userId, token) };
}

export function userRoutes(app: FastifyInstance, { db, config, limits }: AppContext): void {
  app.post('/api/user/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    // SEC-10 to SEC-12: counted before the password is checked, so that a burst of guesses in flight at once is
    // counted too; while the pair, the account or the address is locked, even the right password is refused.
    const attempt = await limits.login(body.username, clientAddress(request, config.gatewaySecret));
    let signedInAs: { userId: number; token: string };
    try {
      signedInAs = await users.login(db, config.sessionTtlSeconds, body.username, body.password);
    } catch (error) {
      await (error instanceof ApiError && error.status === 422 ? attempt.keep() : attempt.release());
      throw error;
    }
    await attempt.succeeded();
    const { userId, token } = signedInAs;
    // QUAL-03: a document that entered its last 30 days, or expired, since the last visit is told of at sign-in.
    await noticeWindows(db, userId);
    return ok(await signedIn(db, config, reply, userId, token), '登录成功');
  });

  app.delete('/api/user/logout', async (request, reply) => {
    const ended = await users.logout(db, presentedToken(request));
    setTokenCookie(reply, config, '', 0);
    return ok({ ended }, '退出成功');
  });

  app.get('/api/user/base', async (request) => {
    const session = await findSession(db, request);
    if (session === null) return ok(await users.visitorBase(db, config.publicUrl));
    // QUAL-03, QUAL-05: the documents are read once, for the window messages and for the warning.
    const documents = await listDocuments(db, session.userId);
    await noticeWindows(db, session.userId, documents);
    return ok(await users.buyerBase(db, config.publicUrl, session.userId, session.token, documents));
  });

  // SHELL-08: the social account's QR code, drawn from the follow link in the site settings (404 without one). The
  // link may change, so the picture is cached for minutes, not for a year like the catalogue's.
  app.get(users.socialQrPath, async (_request, reply) => {
    const url = await users.socialAccountUrl(db);
    if (url === null) throw notFound('图片不存在');
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });

  app.post('/api/user/updateUserInfo', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(contactBody, request.body);
    return ok(await users.updateUserInfo(db, userId, body), '保存成功');
  });

  app.post('/api/user/resetPassword', async (request) => {
    const session = await requireSession(db, request);
    const body = parse(passwordBody, request.body);
    return ok(await users.changePassword(db, session, body.old_password, body.password), '密码修改成功');
  });
}
