import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = { cookie: 'token=tok1' };

describe('the payment password (PAY-14)', () => {
  it('reads the status without the password', async () => {
    upstream.ok('GET', '/api/user/pay_password', { is_set: 1, locked_for: 0, phone: '139****0001' });
    const { body } = await gw.gql('{ me { payPassword { isSet lockedForSeconds phone } } }', undefined, AUTH);
    expect(body.data).toEqual({ me: { payPassword: { isSet: true, lockedForSeconds: 0, phone: '139****0001' } } });
  });

  it('sends a code to the buyer’s own mobile, and answers a refusal as a userError', async () => {
    upstream.ok('POST', '/api/user/pay_password/code', { expires_in: 300, resend_in: 60, phone: '139****0001' });
    const QUERY = 'mutation { sendPayPasswordCode { phone resendIn expiresIn userErrors { code message } } }';
    const sent = await gw.gql(QUERY, undefined, AUTH);
    expect(sent.body.data).toEqual({
      sendPayPasswordCode: { phone: '139****0001', resendIn: 60, expiresIn: 300, userErrors: [] },
    });

    upstream.fail('POST', '/api/user/pay_password/code', 400, { code: 40030, message: '发送过于频繁，请42秒后再试' });
    const refused = await gw.gql(QUERY, undefined, AUTH);
    expect(refused.body.data).toEqual({
      sendPayPasswordCode: {
        phone: null,
        resendIn: 42,
        expiresIn: 0,
        userErrors: [{ code: 'TOO_FREQUENT', message: '发送过于频繁，请42秒后再试' }],
      },
    });
  });

  it('sets it as typed and names the confirmation field of a refusal as the schema does', async () => {
    const SET = `mutation($input: SetPayPasswordInput!) { setPayPassword(input: $input) { message payPassword { isSet } } }`;
    upstream.ok('POST', '/api/user/pay_password', { is_set: 1, locked_for: 0, phone: '139****0001' }, '支付密码已设置');
    const input = { code: ' 123456 ', password: '246810', passwordConfirmation: '246810' };
    const { body } = await gw.gql(SET, { input }, AUTH);
    expect(body.data).toEqual({ setPayPassword: { message: '支付密码已设置', payPassword: { isSet: true } } });
    expect(upstream.form('POST', '/api/user/pay_password')).toEqual({
      code: '123456',
      password: '246810',
      password_confirmation: '246810',
    });

    upstream.refuse('POST', '/api/user/pay_password', { password_confirmation: ['两次输入的支付密码不一致'] });
    const refused = await gw.gql(SET, { input: { ...input, passwordConfirmation: '246811' } }, AUTH);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { passwordConfirmation: ['两次输入的支付密码不一致'] },
    });
  });
});
