import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, parse } from '../../lib/http';
import * as wechat from './service';

const bindBody = z.object(
  {
    code: z.string({ error: '缺少微信授权码' }).trim().min(1, '缺少微信授权码').max(512, '微信授权码格式不正确'),
    state: z
      .string({ error: '绑定请求已失效，请重新扫码绑定' })
      .trim()
      .min(1, '绑定请求已失效，请重新扫码绑定')
      .max(128, '绑定请求已失效，请重新扫码绑定'),
  },
  { error: '缺少微信授权码' },
);

const signupBody = z.object(
  {
    code: z.string({ error: '缺少微信授权码' }).trim().min(1, '缺少微信授权码').max(512, '微信授权码格式不正确'),
    state: z
      .string({ error: '微信授权已失效，请重新扫码注册' })
      .trim()
      .min(1, '微信授权已失效，请重新扫码注册')
      .max(128, '微信授权已失效，请重新扫码注册'),
  },
  { error: '缺少微信授权码' },
);

/** Binding the buyer's WeChat, and registering with it (AUTH-12); the rules are in ./service. */
export function wechatRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/user/wechat', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await wechat.status(db, config.wechatLogin, userId));
  });

  app.post('/api/user/wechat/authorize', async (request) => {
    const session = await requireSession(db, request);
    return ok(await wechat.authorize(db, config.wechatLogin, session));
  });

  app.post('/api/user/wechat/bind', async (request) => {
    const session = await requireSession(db, request);
    const body = parse(bindBody, request.body);
    return ok(await wechat.bind(db, config.wechatLogin, session, body.code, body.state, request.log), '绑定成功');
  });

  app.get('/api/user/wechat/signup', async () => ok(wechat.signupOpen(config.wechatLogin)));

  app.post('/api/user/wechat/signup', async () => ok(await wechat.signupAuthorize(db, config.wechatLogin)));

  app.post('/api/user/wechat/signup/identify', async (request) => {
    const body = parse(signupBody, request.body);
    return ok(await wechat.signupIdentify(db, config.wechatLogin, body.code, body.state, request.log));
  });

  app.delete('/api/user/unbind_wechat', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await wechat.unbind(db, config.wechatLogin, userId), '解绑成功');
  });
}
