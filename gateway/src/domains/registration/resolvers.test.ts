import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';
import { secondsLeftOf } from './resolvers';

const { upstream, gw } = useGatewayOnFakeUpstream();

function refuse(res: ServerResponse, status: number, code: number, message: string, data: unknown = null) {
  send(res, status, { code, message, data });
}

const SEND = `mutation ($phone: String!, $purpose: VerificationPurpose!) {
  sendVerificationCode(phone: $phone, purpose: $purpose) { resendIn expiresIn userErrors { code field message } }
}`;
const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { token user { id username company } } }`;
const RESET = `mutation ($phone: String!, $code: String!, $password: String!) {
  resetPassword(phone: $phone, code: $code, password: $password) { message }
}`;
const REGISTERED = `query ($phone: String!) { phoneRegistered(phone: $phone) }`;

const INPUT = {
  phone: ' 13712345678 ',
  code: '123456',
  username: ' new_buyer ',
  password: ' pass word1 ',
  company: ' 康宁大药房 ',
  name: '王五',
};

describe('sending a verification code', () => {
  it.each([
    ['REGISTER', '1'],
    ['RESET_PASSWORD', '2'],
  ])('asks the upstream for a %s code (type %s) and answers its timings', async (purpose, type) => {
    upstream.ok('POST', '/api/user/create_code', { expires_in: 300, resend_in: 60 }, '验证码已发送');
    const { body } = await gw.gql(SEND, { phone: ' 13712345678 ', purpose });
    expect(body).toEqual({ data: { sendVerificationCode: { resendIn: 60, expiresIn: 300, userErrors: [] } } });
    const [seen] = upstream.calls('POST', '/api/user/create_code');
    expect(seen?.contentType).toBe('application/x-www-form-urlencoded');
    expect(seen?.form).toEqual({ phone: '13712345678', type });
  });

  it.each([
    [40033, '该手机号已注册', 'PHONE_REGISTERED', 'phone', 0],
    [40034, '该手机号未注册', 'PHONE_NOT_REGISTERED', 'phone', 0],
    [40032, '短信服务暂未开通', 'SMS_UNAVAILABLE', null, 0],
    [40030, '发送过于频繁，请42秒后再试', 'TOO_FREQUENT', null, 42],
  ])('turns the upstream’s %i into a userError next to its field', async (code, message, expected, field, wait) => {
    upstream.on('POST', '/api/user/create_code', (_s, res) => refuse(res, 400, code, message));
    const { body } = await gw.gql(SEND, { phone: '13712345678', purpose: 'REGISTER' });
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      sendVerificationCode: { resendIn: wait, expiresIn: 0, userErrors: [{ code: expected, field, message }] },
    });
  });

  it('keeps other refusals as BUSINESS_ERROR', async () => {
    upstream.on('POST', '/api/user/create_code', (_s, res) => refuse(res, 400, 40099, '其他错误'));
    const { body } = await gw.gql(SEND, { phone: '13712345678', purpose: 'REGISTER' });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BUSINESS_ERROR', upstreamCode: 40099 });
  });

  it('refuses a number that is not a mobile number without asking the upstream', async () => {
    for (const phone of ['12712345678', '1371234567', '020-12345678', '../../logout']) {
      const { body } = await gw.gql(SEND, { phone, purpose: 'REGISTER' });
      expect(body.errors?.[0], phone).toMatchObject({
        message: '请输入正确的手机号',
        extensions: { code: 'BAD_USER_INPUT', fields: { phone: ['请输入正确的手机号'] } },
      });
    }
    expect(upstream.seen).toHaveLength(0);
  });

  it('fails as UPSTREAM_UNAVAILABLE when the answer lacks the timings', async () => {
    upstream.ok('POST', '/api/user/create_code', { expires_in: 300 });
    const { body } = await gw.gql(SEND, { phone: '13712345678', purpose: 'REGISTER' });
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('whether a number is registered', () => {
  it('asks the upstream under the number’s path', async () => {
    upstream.ok('GET', '/api/user/phone/13712345678', { registered: 1 });
    upstream.ok('GET', '/api/user/phone/13812345678', { registered: 0 });
    expect((await gw.gql(REGISTERED, { phone: '13712345678' })).body.data).toEqual({ phoneRegistered: true });
    expect((await gw.gql(REGISTERED, { phone: '13812345678' })).body.data).toEqual({ phoneRegistered: false });
  });

  it('refuses a malformed number before it can name another upstream path', async () => {
    const { body } = await gw.gql(REGISTERED, { phone: '../base' });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });
});

describe('registering', () => {
  it('sends the form trimmed (the password as typed), answers like login and relays the session cookie', async () => {
    upstream.on('POST', '/api/user/register', (_s, res) =>
      send(
        res,
        200,
        { code: 10000, message: '注册成功', data: { token: 'tok', user: buyer({ username: 'new_buyer' }) } },
        { 'set-cookie': 'token=tok; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800' },
      ),
    );
    const { body, headers } = await gw.gql(REGISTER, { input: INPUT });
    expect(body).toEqual({
      data: { register: { token: 'tok', user: { id: '7', username: 'new_buyer', company: '仁心大药房' } } },
    });
    expect(headers.getSetCookie()).toEqual(['token=tok; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800']);
    const [seen] = upstream.calls('POST', '/api/user/register');
    expect(seen?.contentType).toBe('application/x-www-form-urlencoded');
    expect(seen?.form).toEqual({
      phone: '13712345678',
      code: '123456',
      username: 'new_buyer',
      password: ' pass word1 ',
      company: '康宁大药房',
      name: '王五',
    });
  });

  it('fails invalid fields with BAD_USER_INPUT naming each field', async () => {
    const fields = { username: ['该用户名已被使用'], password: ['密码为8-20位，需包含字母和数字'] };
    upstream.on('POST', '/api/user/register', (_s, res) => refuse(res, 422, 422, 'invalid', fields));
    const { body, headers } = await gw.gql(REGISTER, { input: INPUT });
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: '该用户名已被使用',
      extensions: { code: 'BAD_USER_INPUT', fields },
    });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it('fails a wrong code as BUSINESS_ERROR 40031 with the upstream’s message', async () => {
    upstream.on('POST', '/api/user/register', (_s, res) => refuse(res, 400, 40031, '验证码错误或已过期'));
    const { body } = await gw.gql(REGISTER, { input: INPUT });
    expect(body.errors?.[0]).toMatchObject({
      message: '验证码错误或已过期',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40031 },
    });
  });

  it('fails as UPSTREAM_UNAVAILABLE when the answer is not a login', async () => {
    upstream.ok('POST', '/api/user/register', { user: buyer() });
    const { body } = await gw.gql(REGISTER, { input: INPUT });
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('resetting a password', () => {
  it('sends the phone, the code and the new password and answers the upstream’s message', async () => {
    upstream.ok('POST', '/api/user/forget', null, '密码重置成功');
    const { body } = await gw.gql(RESET, { phone: '13712345678 ', code: ' 654321', password: 'newpass99' });
    expect(body).toEqual({ data: { resetPassword: { message: '密码重置成功' } } });
    expect(upstream.form('POST', '/api/user/forget')).toEqual({
      phone: '13712345678',
      code: '654321',
      password: 'newpass99',
    });
  });

  it.each([
    [40031, '验证码错误或已过期'],
    [40034, '该手机号未注册'],
  ])('fails the upstream’s %i as BUSINESS_ERROR', async (code, message) => {
    upstream.on('POST', '/api/user/forget', (_s, res) => refuse(res, 400, code, message));
    const { body } = await gw.gql(RESET, { phone: '13712345678', code: '000000', password: 'newpass99' });
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BUSINESS_ERROR', upstreamCode: code } });
  });
});

describe('the seconds left of a too-frequent refusal', () => {
  it('reads them from the message, 0 when it names none', () => {
    expect(secondsLeftOf('发送过于频繁，请37秒后再试')).toBe(37);
    expect(secondsLeftOf('发送过于频繁')).toBe(0);
  });
});
