import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { normaliseInviteCode } from '../src/areas/stores/invites';
import { call, freshPhone, login, recordingSms, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
const sms = recordingSms();
beforeAll(async () => ({ app, db } = await testApp({ smsSender: sms })));

interface Invite {
  id: number;
  hint: string;
  expires_at: string;
  uses: number;
  status: number;
  code?: string;
}

let names = 0;
const freshUsername = () => `store_${Date.now().toString(36)}${(names += 1)}`;

async function invite(token: string): Promise<Invite & { code: string }> {
  const res = await call<Invite & { code: string }>(app, 'POST', '/api/user/store/invite', { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function storeForm(inviteCode: string) {
  const phone = freshPhone();
  expect((await call(app, 'POST', '/api/user/create_code', { form: { phone, type: 1 } })).status).toBe(200);
  return {
    phone,
    code: sms.codeFor(phone),
    username: freshUsername(),
    password: 'abc12345',
    invite_code: inviteCode,
    store: '城西店',
    name: '赵店长',
  };
}

const companyOf = async (username: string) =>
  (
    await db.query<{ company_id: number; name: string }>('SELECT company_id, name FROM users WHERE username = $1', [
      username,
    ])
  )[0];

describe('store invitations', () => {
  it('STORE-01: a code of eight unambiguous characters, shown once, valid for 7 days; the list never shows it', async () => {
    const token = await login(app, 'demo');
    const made = await invite(token);
    expect(made.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(made.hint).toBe(made.code.slice(-2));
    const days = (Date.parse(made.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const list = await call<Invite[]>(app, 'GET', '/api/user/store/invites', { token });
    const listed = list.body.data.find((i) => i.id === made.id);
    expect(listed).toMatchObject({ hint: made.hint, uses: 0, status: 1 });
    expect(JSON.stringify(list.body.data)).not.toContain(made.code);
    const [stored] = await db.query<{ code_hash: string }>('SELECT code_hash FROM store_invites WHERE id = $1', [
      made.id,
    ]);
    expect(stored?.code_hash).not.toContain(normaliseInviteCode(made.code));
  });

  it('STORE-03: a new store registers into the inviting company, signed in, named contact（store）', async () => {
    const made = await invite(await login(app, 'demo'));
    // Typed in lower case with spaces: the code is the same code.
    const form = await storeForm(` ${made.code.toLowerCase().replace('-', ' ')} `);
    const res = await call<{ token: string; user: { company: string } }>(app, 'POST', '/api/user/register_store', {
      form,
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.body.data.user.company).toBe('仁心大药房连锁有限公司');
    const demo = await companyOf('demo');
    expect(await companyOf(form.username)).toEqual({ company_id: demo?.company_id, name: '赵店长（城西店）' });
    const list = await call<Invite[]>(app, 'GET', '/api/user/store/invites', { token: res.body.data.token });
    expect(list.body.data.find((i) => i.id === made.id)?.uses).toBe(1);
  });

  it('STORE-03: a dead invitation is refused on its field and leaves the SMS code usable', async () => {
    const token = await login(app, 'demo');
    const made = await invite(token);
    expect((await call(app, 'DELETE', `/api/user/store/invite/${made.id}`, { token })).status).toBe(200);
    const form = await storeForm(made.code);
    const refused = await call(app, 'POST', '/api/user/register_store', { form });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({ invite_code: ['邀请码无效或已过期，请向总部索取新的邀请码'] });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const live = await invite(token);
    const again = await call(app, 'POST', '/api/user/register_store', { form: { ...form, invite_code: live.code } });
    expect(again.status).toBe(200);
  });

  it('STORE-03: an expired invitation is dead too', async () => {
    const made = await invite(await login(app, 'demo'));
    await db.query("UPDATE store_invites SET expires_at = now() - interval '1 second' WHERE id = $1", [made.id]);
    const refused = await call(app, 'POST', '/api/user/register_store', { form: await storeForm(made.code) });
    expect(refused.status).toBe(422);
  });

  it('STORE-02: another company’s invitation cannot be withdrawn or seen: 404, as if it did not exist', async () => {
    const made = await invite(await login(app, 'demo'));
    const other = await login(app, 'demo2');
    expect((await call(app, 'DELETE', `/api/user/store/invite/${made.id}`, { token: other })).status).toBe(404);
    const theirs = await call<Invite[]>(app, 'GET', '/api/user/store/invites', { token: other });
    expect(theirs.body.data.some((i) => i.id === made.id)).toBe(false);
    const [row] = await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM store_invites WHERE id = $1', [
      made.id,
    ]);
    expect(row?.revoked_at).toBeNull();
  });

  it('STORE-01: a company holds at most 20 live invitations', async () => {
    const token = await login(app, 'demo2');
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM store_invites i JOIN users u ON u.company_id = i.company_id
       WHERE u.username = 'demo2' AND i.revoked_at IS NULL AND i.expires_at > now()`,
    );
    for (let i = n; i < 20; i += 1) await invite(token);
    const refused = await call(app, 'POST', '/api/user/store/invite', { token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(40080);
  });
});
