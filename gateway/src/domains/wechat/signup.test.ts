import { describe, expect, it } from 'vitest';
import { send, sendRefusal } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

describe('registering with WeChat (AUTH-12)', () => {
  it('says whether it is open, and starts at WeChat’s QR code page', async () => {
    upstream.ok('GET', '/api/user/wechat/signup', { open: 1 });
    upstream.ok('POST', '/api/user/wechat/signup', {
      url: 'https://open.weixin.qq.com/connect/qrconnect?state=s1',
      expires_in: 600,
    });
    expect((await gw.gql('{ wechatRegistrationOpen }')).body).toEqual({ data: { wechatRegistrationOpen: true } });
    const { body } = await gw.gql('mutation { startWechatRegistration { url expiresIn } }');
    expect(body).toEqual({
      data: {
        startWechatRegistration: { url: 'https://open.weixin.qq.com/connect/qrconnect?state=s1', expiresIn: 600 },
      },
    });
  });

  it('passes code and state on once, and answers the ticket', async () => {
    upstream.ok('POST', '/api/user/wechat/signup/identify', { ticket: 't-1', wechat: '小王', expires_in: 1800 });
    const { body } = await gw.gql(
      'mutation { identifyWechatRegistration(code: " c1 ", state: "s1") { ticket account expiresIn } }',
    );
    expect(body).toEqual({ data: { identifyWechatRegistration: { ticket: 't-1', account: '小王', expiresIn: 1800 } } });
    expect(upstream.form('POST', '/api/user/wechat/signup/identify')).toEqual({ code: 'c1', state: 's1' });
  });

  it('registers with the ticket and names wechatTicket when it is dead', async () => {
    upstream.on('POST', '/api/user/register', (seen, res) =>
      seen.form['wechat_ticket'] === 't-1'
        ? send(res, 200, { code: 10000, message: '注册成功', data: { token: 'tok', user: buyer({ id: 30 }) } })
        : sendRefusal(res, { wechat_ticket: ['微信授权已失效，请重新扫码注册'] }, ''),
    );
    const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { user { id } } }';
    const input = {
      phone: '13912345678',
      code: '123456',
      username: 'wx_user',
      password: 'abc12345',
      company: '微信药房',
      name: '王测试',
    };
    const ok = await gw.gql(REGISTER, { input: { ...input, wechatTicket: 't-1' } });
    expect(ok.body).toEqual({ data: { register: { user: { id: '30' } } } });
    const dead = await gw.gql(REGISTER, { input: { ...input, wechatTicket: 't-2' } });
    expect(dead.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { wechatTicket: ['微信授权已失效，请重新扫码注册'] },
    });
  });
});
