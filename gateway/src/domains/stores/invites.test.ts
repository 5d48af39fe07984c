import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

const INVITE = {
  id: 5,
  hint: 'MP',
  created_at: '2026-11-25T08:00:00.000Z',
  expires_at: '2026-12-02T08:00:00.000Z',
  uses: 2,
  status: 1,
};

describe('store invitations', () => {
  it('STORE-02: lists the company’s invitations with their state, never a code', async () => {
    upstream.ok('GET', '/api/user/store/invites', [
      INVITE,
      { ...INVITE, id: 4, status: 2 },
      { ...INVITE, id: 3, status: 0 },
    ]);
    const { body } = await gw.gql('{ me { storeInvites { id hint createdAt expiresAt uses status } } }', {}, AUTH);
    expect(body).toEqual({
      data: {
        me: {
          storeInvites: [
            {
              id: '5',
              hint: 'MP',
              createdAt: '2026-11-25T08:00:00.000Z',
              expiresAt: '2026-12-02T08:00:00.000Z',
              uses: 2,
              status: 'LIVE',
            },
            expect.objectContaining({ id: '4', status: 'REVOKED' }),
            expect.objectContaining({ id: '3', status: 'EXPIRED' }),
          ],
        },
      },
    });
  });

  it('STORE-01: answers a new invitation’s code once', async () => {
    upstream.ok('POST', '/api/user/store/invite', { ...INVITE, code: 'K7QH-3MZP' }, '邀请码已生成');
    const { body } = await gw.gql('mutation { createStoreInvite { code invite { id status } } }', {}, AUTH);
    expect(body).toEqual({ data: { createStoreInvite: { code: 'K7QH-3MZP', invite: { id: '5', status: 'LIVE' } } } });
  });

  it('STORE-02: another company’s invitation fails like an unknown one; a malformed id without asking', async () => {
    upstream.fail('DELETE', '/api/user/store/invite/9', 404, { code: 404, message: '邀请码不存在' });
    const refused = await gw.gql('mutation { revokeStoreInvite(id: "9") }', {}, AUTH);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: '邀请码不存在',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 404 },
    });
    const malformed = await gw.gql('mutation { revokeStoreInvite(id: "x") }', {}, AUTH);
    expect(malformed.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(upstream.calls('DELETE', '/api/user/store/invite/x')).toHaveLength(0);
  });
});

describe('registering a store (STORE-03)', () => {
  const REGISTER = `mutation($input: RegisterStoreInput!) { registerStore(input: $input) { token user { id company } } }`;
  const INPUT = {
    phone: ' 13912345678 ',
    code: '123456',
    username: 'store_one',
    password: ' abc12345',
    inviteCode: ' k7qh-3mzp ',
    store: '城西店',
    name: '赵店长',
  };

  it('sends the form with blanks around the fields dropped (never the password’s) and relays the cookie', async () => {
    const cookie = 'token=tok9; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax';
    upstream.on('POST', '/api/user/register_store', (_s, res) =>
      send(
        res,
        200,
        {
          code: 10000,
          message: '注册成功',
          data: { token: 'tok9', user: buyer({ id: 12, company: '仁心大药房连锁有限公司' }) },
        },
        { 'set-cookie': cookie },
      ),
    );
    const { body, headers } = await gw.gql(REGISTER, { input: INPUT });
    expect(body).toEqual({
      data: { registerStore: { token: 'tok9', user: { id: '12', company: '仁心大药房连锁有限公司' } } },
    });
    expect(headers.getSetCookie()).toEqual([cookie]);
    expect(upstream.form('POST', '/api/user/register_store')).toEqual({
      phone: '13912345678',
      code: '123456',
      username: 'store_one',
      password: ' abc12345',
      invite_code: 'k7qh-3mzp',
      store: '城西店',
      name: '赵店长',
    });
  });

  it('names inviteCode when the invitation is dead, and sets no cookie', async () => {
    upstream.refuse(
      'POST',
      '/api/user/register_store',
      { invite_code: ['邀请码无效或已过期，请向总部索取新的邀请码'] },
      '',
    );
    const { body, headers } = await gw.gql(REGISTER, { input: INPUT });
    expect(body.errors?.[0]).toMatchObject({
      message: '邀请码无效或已过期，请向总部索取新的邀请码',
      extensions: { code: 'BAD_USER_INPUT', fields: { inviteCode: ['邀请码无效或已过期，请向总部索取新的邀请码'] } },
    });
    expect(headers.getSetCookie()).toEqual([]);
  });
});
