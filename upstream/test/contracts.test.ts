// The purchase e-contract (CONTRACT-01..CONTRACT-05): what a buyer reads, how a company signs, and the 459 that stands
// between an unsigned company and its orders and payments.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../src/config';
import type { Db } from '../src/db/db';
import { newToken } from '../src/lib/auth';
import { assertContractSigned, sign, type ContractDto } from '../src/areas/contracts/service';
import {
  PAY_PASSWORD,
  call,
  defaultAddress,
  findGoods,
  insertBuyer,
  login,
  sessionFor,
  signContract,
  testApp,
  userId,
} from './testkit';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await testApp());
});
afterAll(async () => {
  await app.close();
});

/** A company of its own (no documents, so none expired) with a signed-in buyer, an address and a cart line. */
async function freshCompany(name = '测试大药房') {
  const tag = `ct_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const [company] = await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name]);
  if (company === undefined) throw new Error('no company');
  const id = await insertBuyer(db, tag, { companyId: company.id, name: '赵敏', balance: 1000000 });
  const token = await sessionFor(db, id);
  const addressId = await defaultAddress(db, id, { consignee: '赵敏', phone: '13800000000', address: '测试路 1 号' });
  return { companyId: company.id, userId: id, token, addressId };
}

async function fillCart(token: string, buyerId: number): Promise<number[]> {
  const g = await findGoods(db, 'g.is_buy = 1 AND g.number > 200 AND g.type = 0 AND g.is_hm = 0');
  const added = await call(app, 'POST', '/api/cart', { token, form: { params: [{ goods_id: g.id, number: 1 }] } });
  expect(added.status).toBe(200);
  const rows = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [buyerId]);
  return rows.map((r) => r.id);
}

const placeOrder = (token: string, cartIds: number[], addressId: number) =>
  call<{ id: number }>(app, 'POST', '/api/order', {
    token,
    form: { cart_ids: cartIds, address_id: addressId, idempotency_key: newToken() },
    arrayFormat: 'brackets',
  });

const signIt = (token: string, form: Record<string, unknown>) =>
  call<ContractDto>(app, 'POST', '/api/user/contract/sign', { token, form });

const readIt = (token: string) => call<ContractDto>(app, 'GET', '/api/user/contract', { token });

describe('reading the contract (CONTRACT-02)', () => {
  it('CONTRACT-02: fills the buyer’s company, the seller (INFO-08) and the date into the version in force', async () => {
    const { status, body } = await readIt(await login(app, 'demo4'));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      version: 1,
      party_a: '康泰医药零售',
      party_b: DEMO_SELLER.name,
      signed: 0,
      signed_at: null,
      signer_name: null,
    });
    expect(body.data.content).toContain('甲方（采购方）：康泰医药零售');
    expect(body.data.content).toContain(`乙方（供货方）：${DEMO_SELLER.name}`);
    expect(body.data.content).toContain(`签订日期：${body.data.date}`);
    expect(body.data.date).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    expect(body.data.content).not.toMatch(/\{\{|\}\}/);
    for (const clause of ['商品质量', 'GSP', '价格与付款', '交货与验收', '退货', '保密', '争议解决', '合同期限']) {
      expect(body.data.content).toContain(clause);
    }
  });

  it('CONTRACT-02: a signed company reads who signed it and when; a visitor is asked to log in', async () => {
    const { body } = await readIt(await login(app, 'demo3'));
    // demo3 is a store of demo's company: the company signed, so every one of its accounts reads it signed.
    expect(body.data).toMatchObject({ signed: 1, signer_name: '李明', party_a: '仁心大药房连锁有限公司' });
    expect(body.data.signed_at).not.toBeNull();
    expect((await call(app, 'GET', '/api/user/contract')).status).toBe(401);
  });

  it('CONTRACT-02: a company name is text in the contract, never markup', async () => {
    const buyer = await freshCompany('<img src=x onerror=alert(1)>药房');
    const { body } = await readIt(buyer.token);
    expect(body.data.content).toContain('甲方（采购方）：&lt;img src=x onerror=alert(1)&gt;药房');
    expect(body.data.content).not.toContain('<img');
  });
});

describe('ordering needs the signature (CONTRACT-04)', () => {
  it('CONTRACT-04: an unsigned company’s order is refused with 459 and nothing is taken; the cart stays free', async () => {
    const token = await login(app, 'demo4');
    const buyerId = await userId(db, 'demo4');
    const lines = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [buyerId]);
    expect(lines.length).toBeGreaterThan(0);
    const [address] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1', [buyerId]);
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [buyerId]);
    const res = await placeOrder(
      token,
      lines.map((l) => l.id),
      address?.id ?? 0,
    );
    expect(res.status).toBe(459);
    expect(res.body).toEqual({ code: 459, message: '请先签署电子合同后再下单', data: null });
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [buyerId]);
    expect(after).toEqual(before);
    // Browsing, the cart and the confirm screen stay open.
    expect((await call(app, 'GET', '/api/cart/list', { token, query: { filters: 99999, new: 1 } })).status).toBe(200);
    expect(
      (await call(app, 'POST', '/api/cart/checkout', { token, form: { ids: lines.map((l) => l.id), new: 1 } })).status,
    ).toBe(200);
  });

  it('CONTRACT-04: after signing, the same order succeeds; another company’s signature never counts', async () => {
    const first = await freshCompany();
    const second = await freshCompany();
    const firstCart = await fillCart(first.token, first.userId);
    expect((await placeOrder(first.token, firstCart, first.addressId)).status).toBe(459);

    const signed = await signIt(first.token, { version: 1, signer_name: '赵敏', agree: 1 });
    expect(signed.status).toBe(200);
    expect(signed.body.message).toBe('合同签署成功');
    expect(signed.body.data).toMatchObject({ signed: 1, signer_name: '赵敏', version: 1 });
    const ordered = await placeOrder(first.token, firstCart, first.addressId);
    expect(ordered.status).toBe(200);

    // The first company's signature does nothing for the second.
    const secondCart = await fillCart(second.token, second.userId);
    expect((await placeOrder(second.token, secondCart, second.addressId)).status).toBe(459);
    expect((await readIt(second.token)).body.data.signed).toBe(0);
  });

  it('CONTRACT-04: paying (balance or transfer) is refused while the contract in force is unsigned', async () => {
    const buyer = await freshCompany();
    await signContract(app, buyer.token);
    const ordered = await placeOrder(buyer.token, await fillCart(buyer.token, buyer.userId), buyer.addressId);
    expect(ordered.status).toBe(200);
    const orderId = ordered.body.data.id;
    // As when a new version comes into force: the company's signature of the one in force is missing.
    await db.query('DELETE FROM contract_signatures WHERE company_id = $1', [buyer.companyId]);
    const paid = await call(app, 'POST', `/api/order/${orderId}/pay`, {
      token: buyer.token,
      form: { method: 'balance', pay_password: PAY_PASSWORD },
    });
    expect(paid.status).toBe(459);
    expect(paid.body.message).toBe('请先签署电子合同后再下单');
    const transfer = await call(app, 'POST', `/api/order/${orderId}/transfer`, {
      token: buyer.token,
      form: { file_id: 1 },
    });
    expect(transfer.status).toBe(459);
    const [status] = await db.query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(status?.status).toBe(0);

    await signContract(app, buyer.token);
    const again = await call(app, 'POST', `/api/order/${orderId}/pay`, {
      token: buyer.token,
      form: { method: 'balance', pay_password: PAY_PASSWORD },
    });
    expect(again.status).toBe(200);
  });
});

describe('signing (CONTRACT-03)', () => {
  it('CONTRACT-03: signing twice keeps the first signature, and stores who, when and from where', async () => {
    const buyer = await freshCompany();
    const first = await signIt(buyer.token, { version: '1', signer_name: ' 赵敏 ', agree: '1' });
    expect(first.body.data.signer_name).toBe('赵敏');
    const second = await signIt(buyer.token, { version: 1, signer_name: '钱伟', agree: 1 });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('贵单位已签署该合同');
    expect(second.body.data).toMatchObject({ signer_name: '赵敏', signed_at: first.body.data.signed_at });
    const rows = await db.query<{ user_id: number; signer_name: string; company_name: string; signed_ip: string }>(
      'SELECT user_id, signer_name, company_name, signed_ip FROM contract_signatures WHERE company_id = $1',
      [buyer.companyId],
    );
    expect(rows).toEqual([
      { user_id: buyer.userId, signer_name: '赵敏', company_name: '测试大药房', signed_ip: '127.0.0.1' },
    ]);
  });

  it('CONTRACT-03: refuses without agreement, without a name, or for a version not in force (422)', async () => {
    const buyer = await freshCompany();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ version: 1, signer_name: '赵敏' }, 'agree', '请先阅读并同意合同条款'],
      [{ version: 1, signer_name: '赵敏', agree: 0 }, 'agree', '请先阅读并同意合同条款'],
      [{ version: 1, signer_name: ' ', agree: 1 }, 'signer_name', '请输入签署人姓名（至少2个字）'],
      [{ version: 2, signer_name: '赵敏', agree: 1 }, 'version', '合同已更新，请阅读最新版本后再签署'],
      [{ version: 'x', signer_name: '赵敏', agree: 1 }, 'version', '合同版本不正确'],
    ];
    for (const [form, field, message] of cases) {
      const res = await signIt(buyer.token, form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      expect(res.body.data).toMatchObject({ [field]: [message] });
    }
    expect((await readIt(buyer.token)).body.data.signed).toBe(0);
  });

  it('CONTRACT-01: a new version in force must be signed again, and the old one can no longer be signed', async () => {
    const buyer = await freshCompany();
    const demoId = await userId(db, 'demo');
    // Inside a transaction that is rolled back, so no other test ever sees version 2.
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO contract_versions (version, title, platform_name, content) VALUES (2, '第二版', '平台', '<p>{{company}}</p>')",
        );
        // demo's company signed version 1 only.
        await expect(assertContractSigned(tx, demoId)).rejects.toMatchObject({ status: 459 });
        await expect(sign(tx, buyer.userId, '127.0.0.1', { version: 1, signer_name: '赵敏' })).rejects.toMatchObject({
          status: 422,
          data: { version: ['合同已更新，请阅读最新版本后再签署'] },
        });
        const signed = await sign(tx, buyer.userId, '127.0.0.1', { version: 2, signer_name: '赵敏' });
        expect(signed.contract).toMatchObject({ version: 2, content: '<p>测试大药房</p>', signed: 1 });
        await expect(assertContractSigned(tx, buyer.userId)).resolves.toBeUndefined();
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expect(assertContractSigned(db, demoId)).resolves.toBeUndefined();
  });
});
