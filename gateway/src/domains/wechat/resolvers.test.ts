import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

describe('WeChat binding (ACCOUNT-21..ACCOUNT-23)', () => {
  it('reads the binding, and says when binding is not open', async () => {
    upstream.ok('GET', '/api/user/wechat', {
      open: 0,
      bound: 1,
      wechat: '康宁诊所·陈静',
      bound_at: '2026-11-20T02:00:00.000Z',
    });
    const { body } = await gw.gql('{ me { wechat { open bound account boundAt } } }', undefined, AUTH);
    expect(body.data).toEqual({
      me: { wechat: { open: false, bound: true, account: '康宁诊所·陈静', boundAt: '2026-11-20T02:00:00.000Z' } },
    });
  });

  it('starts a binding with the QR code page, and passes the code and state back', async () => {
    const url = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=abc#wechat_redirect';
    upstream.ok('POST', '/api/user/wechat/authorize', { url, expires_in: 600 });
    upstream.ok('POST', '/api/user/wechat/bind', {
      open: 1,
      bound: 1,
      wechat: '药店小王',
      bound_at: '2026-11-25T02:00:00.000Z',
    });
    const started = await gw.gql('mutation { startWechatBinding { url expiresIn } }', undefined, AUTH);
    expect(started.body.data).toEqual({ startWechatBinding: { url, expiresIn: 600 } });
    const bound = await gw.gql(
      'mutation($c: String!, $s: String!) { bindWechat(code: $c, state: $s) { bound account } }',
      { c: ' code1 ', s: 'abc' },
      AUTH,
    );
    expect(bound.body.data).toEqual({ bindWechat: { bound: true, account: '药店小王' } });
    expect(upstream.form('POST', '/api/user/wechat/bind')).toEqual({ code: 'code1', state: 'abc' });
  });

  it('turns a refused state into BAD_USER_INPUT on state, and an unopened binding into its business code', async () => {
    upstream.refuse('POST', '/api/user/wechat/bind', { state: ['绑定请求已失效，请重新扫码绑定'] });
    upstream.fail('POST', '/api/user/wechat/authorize', 400, { code: 40070, message: '微信绑定暂未开通' });
    const bound = await gw.gql('mutation { bindWechat(code: "c", state: "old") { bound } }', undefined, AUTH);
    expect(bound.body.errors?.[0]).toMatchObject({
      message: '绑定请求已失效，请重新扫码绑定',
      extensions: { code: 'BAD_USER_INPUT', fields: { state: ['绑定请求已失效，请重新扫码绑定'] } },
    });
    const started = await gw.gql('mutation { startWechatBinding { url } }', undefined, AUTH);
    expect(started.body.errors?.[0]).toMatchObject({
      message: '微信绑定暂未开通',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40070 },
    });
  });

  it('unbinds', async () => {
    upstream.ok('DELETE', '/api/user/unbind_wechat', { removed: 1, open: 1, bound: 0, wechat: null, bound_at: null });
    const { body } = await gw.gql('mutation { unbindWechat { bound account } }', undefined, AUTH);
    expect(body.data).toEqual({ unbindWechat: { bound: false, account: null } });
  });
});
