import { charCount, isMobile, isPassword, isUsername, RuleText } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/gateway';
import { ok, parse } from '../../lib/http';
import { counted } from '../../lib/limits';
import type { CodePurpose } from '../../lib/sms';
import { signedIn } from '../user/routes';
import * as registration from './service';

/** A text field: `missing` when absent or blank, `rule` when present but not valid; trimmed unless a password. */
function textField(missing: string, rule: string, valid: (s: string) => boolean, trim = true) {
  const text = z.string({ error: missing });
  return (trim ? text.trim() : text).superRefine((s, ctx) => {
    if (s.trim() === '') ctx.addIssue({ code: 'custom', message: missing });
    else if (!valid(s)) ctx.addIssue({ code: 'custom', message: rule });
  });
}

const between = (min: number, max: number) => (s: string) => charCount(s) >= min && charCount(s) <= max;
const phoneField = () => textField('请输入手机号', RuleText.mobile, isMobile);
// Any code the buyer typed is judged against the stored one: a malformed code is a wrong code (AUTH-04), a try.
const codeField = () => textField('请输入验证码', '请输入验证码', () => true);
const passwordField = () => textField('请输入密码', RuleText.password, isPassword, false);

const createCodeBody = z.object(
  {
    phone: phoneField(),
    type: z
      .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], { error: '验证码类型不正确' })
      .transform((t): CodePurpose => (String(t) === '1' ? 'register' : 'reset')),
  },
  { error: '请输入手机号' },
);

const registerBody = z.object(
  {
    phone: phoneField(),
    code: codeField(),
    username: textField('请输入用户名', RuleText.username, isUsername),
    password: passwordField(),
    // VAL-09
    company: textField('请输入企业名称', '企业名称为2-50个字', between(2, 50)),
    name: textField('请输入联系人姓名', '联系人姓名为2-20个字', between(2, 20)),
    // AUTH-12: the WeChat the visitor came back from, to bind to the new account.
    wechat_ticket: z.string({ error: '微信授权已失效，请重新扫码注册' }).trim().max(128).optional(),
  },
  { error: '请填写注册信息' },
);

const registerStoreBody = z.object(
  {
    phone: phoneField(),
    code: codeField(),
    username: textField('请输入用户名', RuleText.username, isUsername),
    password: passwordField(),
    // STORE-03: the chain's invitation, as typed (case, spaces and the hyphen do not matter).
    invite_code: textField('请输入邀请码', '邀请码为8位字母或数字', (s) =>
      /^[0-9A-Za-z]{8}$/.test(s.replace(/[\s-]/g, '')),
    ),
    store: textField('请输入门店名称', '门店名称为2-20个字', between(2, 20)),
    name: textField('请输入联系人姓名', '联系人姓名为2-20个字', between(2, 20)),
  },
  { error: '请填写注册信息' },
);

const forgetBody = z.object(
  { phone: phoneField(), code: codeField(), password: passwordField() },
  { error: '请填写手机号、验证码和新密码' },
);

/** Registration and password reset by a code sent to the buyer's mobile (AUTH-02 to AUTH-07); rules in ./service. */
export function registrationRoutes(app: FastifyInstance, { db, config, sms, limits }: AppContext): void {
  app.post('/api/user/create_code', async (request) => {
    const { phone, type } = parse(createCodeBody, request.body);
    // SEC-13: per address, on top of AUTH-03's one code a minute per phone.
    const attempt = await limits.codeRequest(clientAddress(request, config.gatewaySecret));
    await counted(attempt, 'keep', () => registration.sendCode(db, sms, phone, type));
    return ok({ expires_in: registration.CODE_TTL_SECONDS, resend_in: registration.RESEND_SECONDS }, '验证码已发送');
  });

  app.get('/api/user/phone/:value', async (request) => {
    const { phone } = parse(z.object({ phone: phoneField() }), { phone: (request.params as { value: string }).value });
    return ok({ registered: (await registration.phoneRegistered(db, phone)) ? 1 : 0 });
  });

  app.post('/api/user/register', async (request, reply) => {
    const body = parse(registerBody, request.body);
    const { userId, token } = await registration.register(db, config.sessionTtlSeconds, body);
    return ok(await signedIn(db, config, reply, userId, token), '注册成功');
  });

  app.post('/api/user/register_store', async (request, reply) => {
    const body = parse(registerStoreBody, request.body);
    const { userId, token } = await registration.registerStore(db, config.sessionTtlSeconds, {
      ...body,
      invite: body.invite_code,
    });
    return ok(await signedIn(db, config, reply, userId, token), '注册成功');
  });

  app.post('/api/user/forget', async (request) => {
    const form = parse(forgetBody, request.body);
    // SEC-13: per address, on top of AUTH-04's five tries per code.
    const attempt = await limits.passwordReset(clientAddress(request, config.gatewaySecret));
    await counted(attempt, 'release', () => registration.resetPassword(db, form));
    return ok(null, '密码重置成功');
  });
}
