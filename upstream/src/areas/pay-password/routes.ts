import { isPayPassword, RuleText } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { clientAddress } from '../../lib/gateway';
import { ok, parse } from '../../lib/http';
import { counted } from '../../lib/limits';
import { CODE_TTL_SECONDS, RESEND_SECONDS } from '../registration/service';
import * as payPassword from './service';

const setBody = z
  .object(
    {
      code: z.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码').max(16, '请输入验证码'),
      // Never trimmed: what the buyer typed is what they must type again (VAL-11).
      password: z
        .string({ error: '请输入支付密码' })
        .min(1, '请输入支付密码')
        .refine(isPayPassword, RuleText.payPassword),
      password_confirmation: z.string({ error: '请再次输入支付密码' }).min(1, '请再次输入支付密码'),
    },
    { error: '请填写验证码和支付密码' },
  )
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: '两次输入的支付密码不一致',
  });

/** PAY-14: the payment password of the signed-in buyer; the rules are in ./service. */
export function payPasswordRoutes(app: FastifyInstance, { db, config, sms, limits }: AppContext): void {
  app.get('/api/user/pay_password', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await payPassword.status(db, userId));
  });

  app.post('/api/user/pay_password/code', async (request) => {
    const { userId } = await requireSession(db, request);
    // SEC-13: per address, as registration's codes are.
    const attempt = await limits.codeRequest(clientAddress(request, config.gatewaySecret));
    const phone = await counted(attempt, 'keep', () => payPassword.sendSetCode(db, sms, userId));
    return ok({ expires_in: CODE_TTL_SECONDS, resend_in: RESEND_SECONDS, phone }, `验证码已发送至${phone}`);
  });

  app.post('/api/user/pay_password', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(setBody, request.body);
    const replaced = await payPassword.setPassword(db, userId, body.code, body.password);
    return ok(await payPassword.status(db, userId), replaced ? '支付密码已重设' : '支付密码已设置');
  });
}
