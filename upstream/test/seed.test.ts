import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { pinyinInitials } from '../src/lib/pinyin';
import { buildSeed } from '../src/seed/build';
import { seedIfEmpty } from '../src/seed/seed';
import { testStore } from './testkit';

const COUNTED = ['goods', 'ladder_prices', 'goods_tags', 'goods_categories', 'categories', 'users', 'banners', 'nav'];

describe('the seed', () => {
  it('is deterministic: two builds give identical rows, and a different seed does not', () => {
    expect(buildSeed()).toEqual(buildSeed());
    expect(buildSeed(7).goods).not.toEqual(buildSeed().goods);
  });

  it('the store holds exactly the rows the seed builds', async () => {
    const db = await testStore();
    const data = buildSeed();
    // Stock and sales move with the orders other test files place in this shared store, so they are left out.
    const goods = await db.query<Record<string, unknown>>(
      `SELECT id, name, name_py, sccj, sccj_py, ypgg, bzdw, pzwh, ck_id, category_id, brand_id, is_buy, is_youx,
         type, is_dpby, qg_number, is_free_shipping, free_shipping_number, base_price, price, ladder_price_type,
         scope_class, dosage_form, rx_class, is_yb
       FROM goods WHERE id <= $1 ORDER BY id`,
      [data.goods.length],
    );
    expect(goods).toEqual(data.goods.map(({ number: _number, sales: _sales, ...g }) => g));
    // Other test files add ladders of their own goods to this shared store after the seed's.
    const lastSeeded = Math.max(...data.ladderPrices.map((l) => l.id));
    const ladders = await db.query('SELECT id, goods_id, number, price FROM ladder_prices WHERE id <= $1 ORDER BY id', [
      lastSeeded,
    ]);
    expect(ladders).toEqual(data.ladderPrices);
  });

  it('has what the screens need: 2,000+ goods, both ladder types, unbuyable, sold-out and single-item free shipping', () => {
    const { goods, ladderPrices, users } = buildSeed();
    expect(goods.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(goods.map((g) => g.ladder_price_type))).toEqual(new Set([0, 1]));
    expect(new Set(ladderPrices.map((l) => goods[l.goods_id - 1]?.ladder_price_type))).toEqual(new Set([0, 1]));
    expect(goods.some((g) => g.is_buy === 0)).toBe(true);
    expect(goods.some((g) => g.number === 0)).toBe(true);
    expect(goods.some((g) => g.is_dpby === 1 && g.qg_number > 0)).toBe(true);
    expect(goods.every((g) => Number.isInteger(g.price) && Number.isInteger(g.base_price))).toBe(true);
    expect(goods.every((g) => g.name_py === pinyinInitials(g.name))).toBe(true);
    expect(users.map((u) => u.username)).toEqual(['demo', 'demo2']);
    expect(users[0]?.password_hash).toMatch(/^scrypt\$/);
  });

  it('is idempotent: migrating and seeding again adds nothing', async () => {
    const db = await testStore();
    const count = async () =>
      Promise.all(
        COUNTED.map(async (t) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]?.n),
      );
    const before = await count();
    expect(await migrate(db)).toEqual([]);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await count()).toEqual(before);
  });

  it('the checkout step gives demo ¥50,000.00, addresses, coupons, ephedrine-type goods and a second store', async () => {
    const db = await testStore();
    const [demo] = await db.query<{ balance: number; company_id: number }>(
      "SELECT balance, company_id FROM users WHERE username = 'demo'",
    );
    expect(demo?.balance).toBeGreaterThan(0);
    const [first] = await db.query<{ amount: number; use_type: number }>(
      "SELECT amount, use_type FROM money_log WHERE user_id = (SELECT id FROM users WHERE username = 'demo') ORDER BY id LIMIT 1",
    );
    expect(first).toEqual({ amount: 5_000_000, use_type: 1 });
    const [store] = await db.query<{ company_id: number }>("SELECT company_id FROM users WHERE username = 'demo3'");
    expect(store?.company_id).toBe(demo?.company_id);
    const [hm] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods WHERE is_hm = 1');
    expect(hm?.n).toBeGreaterThan(0);
    const defaults = await db.query<{ username: string }>(
      'SELECT u.username FROM addresses a JOIN users u ON u.id = a.user_id WHERE a.is_default = 1 ORDER BY u.username',
    );
    // demo4 (of the company that has not signed the e-contract, CONTRACT-05) has one too, from the contracts step.
    expect(defaults.map((d) => d.username).filter((u) => u.startsWith('demo'))).toEqual([
      'demo',
      'demo2',
      'demo3',
      'demo4',
    ]);
    const coupons = await db.query<{ type: number; min_amount: number; end_at: Date }>(
      'SELECT type, min_amount, end_at FROM coupons ORDER BY id',
    );
    expect(new Set(coupons.map((c) => c.type))).toEqual(new Set([1, 2]));
    const soon = Date.now() + 3 * 86400_000;
    expect(coupons.some((c) => new Date(c.end_at).getTime() > Date.now() && new Date(c.end_at).getTime() < soon)).toBe(
      true,
    );
  });
});
