import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/db';
import { findSession, presentedToken, setTokenCookie } from '../../lib/auth';
import { ok, parse } from '../../lib/http';
import * as users from './service';

const loginBody = z.object(
  {
    username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名过长'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  },
  { error: '请输入用户名和密码' },
);

/** The login answer for a session just opened, with the cookie browsers ride on (AUTH-01). */
export async function signedIn(db: Db, config: Config, reply: FastifyReply, userId: number, token: string) {
  setTokenCookie(reply, config, token, config.sessionTtlSeconds);
  return { token, user: await users.buyerBase(db, userId, token) };
}

export function userRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.post('/api/user/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    const { userId, token } = await users.login(db, config.sessionTtlSeconds, body.username, body.password);
    return ok(await signedIn(db, config, reply, userId, token), '登录成功');
  });

  app.delete('/api/user/logout', async (request, reply) => {
    const ended = await users.logout(db, presentedToken(request));
    setTokenCookie(reply, config, '', 0);
    return ok({ ended }, '退出成功');
  });

  app.get('/api/user/base', async (request) => {
    const session = await findSession(db, request);
    return ok(
      session === null ? await users.visitorBase(db) : await users.buyerBase(db, session.userId, session.token),
    );
  });
}
