// What a demo buyer is shown is one story (issue 23): the seeded store never contradicts itself. Each check reads what
// the buyer reads (the REST answers the pages show) and compares it with the data it speaks of, so a seed edit that
// makes two pages disagree fails here. The store is the one shared by the upstream's test files, which add orders,
// payments and messages of their own as the services write them; the checks hold for those too.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { DEMO_SELLER, loadConfig, paymentsOf, sellerOf, type Seller } from '../src/config';
import type { Db } from '../src/db/db';
import { issueIn } from '../src/areas/invoices/service';
import { call, login, testApp, testAppConfig, userId } from './testkit';

interface Page<T> {
  current_page: number;
  last_page: number;
  total: number;
  data: T[];
}

interface OrderDto {
  id: number;
  status: number;
  status_text: string;
  created_at: string;
}

/** Every page of a paged list, in the order the buyer reads them. */
async function everything<T>(app: FastifyInstance, token: string, url: string, query: Record<string, unknown> = {}) {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const res = await call<Page<T>>(app, 'GET', url, { token, query: { ...query, page, page_size: 50 } });
    expect(res.status, `${url} page ${page}`).toBe(200);
    rows.push(...res.body.data.data);
    if (page >= res.body.data.last_page) return rows;
  }
}

let app: FastifyInstance;
let db: Db;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ app, db } = await testApp());
  for (const username of ['demo', 'demo2', 'demo3']) tokens[username] = await login(app, username);
});

afterAll(async () => {
  await app.close();
});

const token = (username: string) => tokens[username] ?? '';

describe('INFO-08: one seller', () => {
  const CONFIGURED: Seller = {
    name: '杭州测试医药有限公司',
    taxId: '91330106MA27XK8P1K',
    drugLicence: '浙AA5710001',
    internetDrugLicence: '（浙）-经营性-2026-0001',
    gspCertificate: 'ZJ-GSP-2026-0001',
  };

  it('the footer, the contract, the transfer payee and the seeded invoices name the same company', async () => {
    const seller = sellerOf(testAppConfig);
    const footer = await call<{ name: string; tax_id: string }>(app, 'GET', '/api/global/seller');
    expect(footer.body.data).toMatchObject({ name: seller.name, tax_id: seller.taxId });

    const contract = await call<{ party_b: string; content: string }>(app, 'GET', '/api/user/contract', {
      token: token('demo'),
    });
    expect(contract.body.data.party_b).toBe(seller.name);
    expect(contract.body.data.content).toContain(`乙方（供货方）：${seller.name}`);

    const [unpaid] = await db.query<{ id: number }>(
      "SELECT id FROM orders WHERE user_id = $1 AND status = 0 AND order_sn NOT LIKE 'pending:%' ORDER BY id LIMIT 1",
      [await userId(db, 'demo')],
    );
    const pay = await call<{ bank_account: { name: string } }>(app, 'GET', `/api/order/${unpaid?.id ?? 0}/pay`, {
      token: token('demo'),
    });
    expect(pay.body.data.bank_account.name).toBe(seller.name);

    const sellers = await db.query<{ seller_name: string; seller_tax_id: string }>(
      'SELECT DISTINCT seller_name, seller_tax_id FROM invoices',
    );
    expect(sellers).toEqual([{ seller_name: seller.name, seller_tax_id: seller.taxId }]);
  });

  it('follows the configuration: a configured seller is the footer, the 乙方, the payee and the invoice seller', async () => {
    const config = { ...testAppConfig, seller: CONFIGURED };
    const configured = createApp({ db, config });
    try {
      await configured.ready();
      const footer = await call(configured, 'GET', '/api/global/seller');
      expect(footer.body.data).toEqual({
        name: CONFIGURED.name,
        tax_id: CONFIGURED.taxId,
        drug_licence: CONFIGURED.drugLicence,
        internet_drug_licence: CONFIGURED.internetDrugLicence,
      });
      const contract = await call<{ party_b: string }>(configured, 'GET', '/api/user/contract', {
        token: token('demo'),
      });
      expect(contract.body.data.party_b).toBe(CONFIGURED.name);
      expect(paymentsOf(config).bankAccount.name).toBe(CONFIGURED.name);

      // An invoice issued now names the configured seller; the transaction is rolled back, the store unchanged.
      const [paid] = await db.query<{ id: number }>(
        `SELECT o.id FROM orders o WHERE o.status IN (1, 2, 3)
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
           AND o.user_id = $1 ORDER BY o.id LIMIT 1`,
        [await userId(db, 'demo')],
      );
      const rollback = new Error('rollback');
      await expect(
        db.transaction(async (tx) => {
          await issueIn(tx, config, paid?.id ?? 0);
          const [row] = await tx.query('SELECT seller_name, seller_tax_id FROM invoices WHERE order_id = $1', [
            paid?.id ?? 0,
          ]);
          expect(row).toEqual({ seller_name: CONFIGURED.name, seller_tax_id: CONFIGURED.taxId });
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    } finally {
      await configured.close();
    }
  });

  it('reads one seller from SELLER_NAME, or from the older variables alone, and refuses two names', () => {
    expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
    const one = loadConfig({ SELLER_NAME: CONFIGURED.name, SELLER_TAX_ID: CONFIGURED.taxId });
    expect(one.seller).toMatchObject({ name: CONFIGURED.name, taxId: CONFIGURED.taxId });
    expect(one.payments?.bankAccount.name).toBe(CONFIGURED.name);
    for (const old of ['INVOICE_SELLER_NAME', 'BANK_ACCOUNT_NAME']) {
      const config = loadConfig({ [old]: CONFIGURED.name });
      expect(config.seller?.name, old).toBe(CONFIGURED.name);
      expect(config.payments?.bankAccount.name, old).toBe(CONFIGURED.name);
    }
    expect(loadConfig({ INVOICE_SELLER_TAX_ID: CONFIGURED.taxId }).seller?.taxId).toBe(CONFIGURED.taxId);
    expect(() => loadConfig({ SELLER_NAME: CONFIGURED.name, BANK_ACCOUNT_NAME: '另一家公司' })).toThrow(
      /SELLER_NAME, BANK_ACCOUNT_NAME/,
    );
    expect(() => loadConfig({ SELLER_TAX_ID: CONFIGURED.taxId, INVOICE_SELLER_TAX_ID: DEMO_SELLER.taxId })).toThrow(
      /统一社会信用代码不一致/,
    );
    expect(() => loadConfig({ SELLER_TAX_ID: 'ABC' })).toThrow(/SELLER_TAX_ID 应为18位统一社会信用代码/);
  });
});

describe('INVOICE-09: the buyer on an invoice', () => {
  it("is the company's 统一社会信用代码 as its 营业执照 bears it", async () => {
    for (const username of ['demo', 'demo2']) {
      const documents = await call<{ kind: string; number: string }[]>(app, 'GET', '/api/user/zizhi', {
        token: token(username),
      });
      const licence = documents.body.data.find((d) => d.kind === 'business_licence');
      expect(licence?.number, username).toMatch(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/);
      const invoices = await everything<{ state: string; tax_id: string | null }>(
        app,
        token(username),
        '/api/user/invoice',
      );
      expect(invoices.filter((i) => i.state !== 'pending').length, username).toBeGreaterThan(0);
      expect(new Set(invoices.map((i) => i.tax_id)), username).toEqual(new Set([licence?.number]));
    }
  });
});

describe('MSG-05: messages say what the data says', () => {
  const userMessages = async (username: string) =>
    db.query<{ title: string; body: string }>(
      'SELECT title, body FROM messages WHERE user_id = $1 ORDER BY created_at, id',
      [await userId(db, username)],
    );

  it('tells of a document expiring or expired only when the documents page says so', async () => {
    let told = 0;
    for (const username of ['demo', 'demo2', 'demo3']) {
      const documents = await call<{ name: string; number: string; status: string }[]>(app, 'GET', '/api/user/zizhi', {
        token: token(username),
      });
      const names = documents.body.data.map((d) => d.name);
      for (const m of await userMessages(username)) {
        const about = names.find((name) => m.title.startsWith(name) || m.body.includes(`${name}将`));
        if (about === undefined || !/到期|过期/.test(m.title + m.body)) continue;
        told += 1;
        // The message names the document by its number, and that document is in the state the message tells.
        const document = documents.body.data.find((d) => d.name === about && m.body.includes(`（${d.number}）`));
        expect(document, `${username}: ${m.title}`).toBeDefined();
        expect(document?.status, `${username}: ${m.title}`).toBe(m.title.endsWith('已过期') ? 'expired' : 'expiring');
      }
    }
    // demo's purchaser authorisation ends within 30 days and demo2's GSP certificate has expired: both are told of.
    expect(told).toBeGreaterThanOrEqual(2);
  });

  it('names the account manager the top bar names, and none where the company has none', async () => {
    for (const username of ['demo', 'demo2']) {
      const base = await call<{ admin: { name: string; phone: string } | null }>(app, 'GET', '/api/user/base', {
        token: token(username),
      });
      const named = (await userMessages(username)).flatMap((m) =>
        [...m.body.matchAll(/(?:专属客服|客户经理)([\u4e00-\u9fa5]{2,4})（/g)].map((match) => match[1]),
      );
      if (base.body.data.admin === null) expect(named, username).toEqual([]);
      else {
        expect(named.length, username).toBeGreaterThan(0);
        expect(new Set(named), username).toEqual(new Set([base.body.data.admin.name]));
      }
    }
  });
});

describe('WALLET-08: the ledgers', () => {
  /** Newest first, each balance is the one below it plus its own movement, and the newest is what is held now. */
  function expectRunning(rows: { change: number; balance_after: number; created_at: string }[], now: number) {
    expect(rows.length).toBeGreaterThan(1);
    const times = rows.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    rows.forEach((row, i) => {
      const below = rows[i + 1];
      expect(row.balance_after, `${row.created_at}`).toBe((below?.balance_after ?? 0) + row.change);
    });
    expect(rows[0]?.balance_after).toBe(now);
  }

  it('the money log of each demo buyer runs in time order to the balance held', async () => {
    for (const username of ['demo', 'demo2', 'demo3']) {
      const rows = await everything<{ amount: number; balance_after: number; created_at: string }>(
        app,
        token(username),
        '/api/user/user_money_log',
      );
      const wallet = await call<{ balance: number }>(app, 'GET', '/api/user/user_money', { token: token(username) });
      // demo3 holds its one recharge; the others have payments and refunds after it.
      if (rows.length > 1) {
        expectRunning(
          rows.map((r) => ({ ...r, change: r.amount })),
          wallet.body.data.balance,
        );
      } else expect(rows[0]?.balance_after).toBe(wallet.body.data.balance);
    }
  });

  it('the points log of each demo company runs in time order to the points held', async () => {
    for (const username of ['demo', 'demo2']) {
      const rows = await everything<{ change: number; balance_after: number; created_at: string }>(
        app,
        token(username),
        '/api/user/points_log',
      );
      const points = await call<{ points: number }>(app, 'GET', '/api/user/points', { token: token(username) });
      expectRunning(rows, points.body.data.points);
    }
  });
});

describe('ORDER-14: the order centre', () => {
  const TABS: [string, Record<string, unknown>][] = [
    ['待付款', { status: 0 }],
    ['待确认', { confirming: 1 }],
    ['待发货', { status: 1 }],
    ['待收货', { status: 2 }],
    ['已完成', { status: 3 }],
    ['已取消', { status: 4 }],
  ];

  it('lists the newest placed order first, and every order under the one tab of the state it reads', async () => {
    for (const username of ['demo', 'demo2']) {
      const all = await everything<OrderDto>(app, token(username), '/api/order');
      const times = all.map((o) => Date.parse(o.created_at));
      expect(times, username).toEqual([...times].sort((a, b) => b - a));
      const counts = await call<Record<string, number>>(app, 'GET', '/api/order/counts', { token: token(username) });

      const listed = new Map<number, string>();
      for (const [label, query] of TABS) {
        const tab = await everything<OrderDto>(app, token(username), '/api/order', query);
        for (const o of tab) {
          expect(o.status_text, `${username}: order ${o.id} under ${label}`).toBe(label);
          expect(listed.get(o.id), `${username}: order ${o.id} under two tabs`).toBeUndefined();
          listed.set(o.id, label);
        }
      }
      expect([...listed.keys()].sort(), username).toEqual(all.map((o) => o.id).sort());
      expect(counts.body.data, username).toMatchObject({
        all: all.length,
        unpaid: all.filter((o) => o.status_text === '待付款').length,
        confirming: all.filter((o) => o.status_text === '待确认').length,
      });
    }
    // The seed has an order of each: demo's transfer slip waits (PAY-06), so 待确认 is not empty.
    const demo = await call<{ confirming: number }>(app, 'GET', '/api/order/counts', { token: token('demo') });
    expect(demo.body.data.confirming).toBeGreaterThan(0);
  });
});

describe('SEED-01: every seeded order tells what happened to it', () => {
  it('has an event for each step its times record, a shipment once shipped, and the number checkout gives', async () => {
    const orders = await db.query<{
      id: number;
      order_sn: string;
      status: number;
      missing: string[];
      shipment: number;
    }>(
      `SELECT o.id, o.order_sn, o.status,
         array_remove(ARRAY[
           CASE WHEN o.paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'paid') THEN 'paid' END,
           CASE WHEN o.shipped_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'shipped') THEN 'shipped' END,
           CASE WHEN o.received_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'received') THEN 'received' END,
           CASE WHEN o.cancelled_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'cancelled') THEN 'cancelled' END
         ], NULL) AS missing,
         (SELECT count(*)::int FROM shipments s WHERE s.order_id = o.id) AS shipment
       FROM orders o WHERE o.idempotency_key LIKE 'seed-%' ORDER BY o.id`,
    );
    expect(orders.length).toBeGreaterThan(10);
    for (const o of orders) {
      expect(o.missing, `order ${o.id}`).toEqual([]);
      expect(o.shipment, `order ${o.id} (status ${o.status})`).toBe(o.status === 2 || o.status === 3 ? 1 : 0);
      expect(o.order_sn, `order ${o.id}`).toMatch(new RegExp(`^\\d{8}${String(o.id).padStart(8, '0')}$`));
    }
  });
});
