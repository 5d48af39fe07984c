import { DEMO_SELLER, type Seller } from '../config';
import type { Db, Queryable } from '../db/db';
import { buildSeed, DEFAULT_SEED, type SeedData } from './build';
import { seedAccount } from './account';
import { seedActivities } from './activities';
import { seedAfterSale } from './after-sale';
import { seedBusinessScope } from './business-scope';
import { seedBatches } from './batches';
import { seedPayments } from './payments';
import { seedPointsMall } from './points-mall';
import { seedContracts } from './contracts';
import { seedCredit } from './credit';
import { seedActivityLinks } from './activity-links';
import { seedCheckout } from './checkout';
import { seedCampaigns } from './campaigns';
import { seedCombinations } from './combinations';
import { seedControlledSales } from './controlled-sales';
import { seedCouponCenter } from './coupon-center';
import { seedDraws } from './draws';
import { seedGroupBuyAndNews } from './group-buy-news';
import { seedHelp } from './help';
import { seedInspectionReports } from './inspection-reports';
import { seedMessagesAndStores } from './messages-stores';
import { seedPayPasswords } from './pay-passwords';
import { seedRequests } from './requests';
import { seedReorder } from './reorder';
import { seedUnitPrices } from './unit-prices';
import { seedInvoices } from './invoices';
import { seedWallet } from './wallet';
import { seedZones } from './zones';
import { seedGoodsFacets } from './goods-facets';

type Row = Record<string, string | number | null>;

// One statement per table: unnest() turns column arrays into rows, which is far faster than row-by-row inserts
// on PGlite and works unchanged on PostgreSQL.
async function insertRows(tx: Queryable, table: string, types: Record<string, string>, rows: readonly Row[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(types);
  const arrays = columns.map((c) => rows.map((r) => r[c] ?? null));
  const unnest = columns.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ');
  await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${unnest})`, arrays);
  if ('id' in types) {
    await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
}

const SEED_LOCK = 4010_0002;

async function write(tx: Queryable, data: SeedData): Promise<void> {
  const int = 'int';
  const text = 'text';
  await insertRows(
    tx,
    'site_config',
    {
      id: int,
      site_title: text,
      hot_line: text,
      qq1: text,
      qq2: text,
      quality_inspection_url: text,
      quality_inspection_msg: text,
      is_can_chat: int,
      login_url: text,
      chat_url: text,
      social_account_name: text,
      social_account_url: text,
      shipping_amount: int,
      no_trans_order_amount: int,
    },
    [{ id: 1, ...data.site }],
  );
  await insertRows(tx, 'account_managers', { id: int, name: text, phone: text, is_default: int }, data.accountManagers);
  await insertRows(
    tx,
    'companies',
    { id: int, name: text, address: text, account_manager_id: int, points: int },
    data.companies,
  );
  await insertRows(
    tx,
    'users',
    { id: int, company_id: int, username: text, password_hash: text, name: text, phone: text, message_count: int },
    data.users,
  );
  // Parents before children: the top level of each tree has lower ids, and unnest inserts in array order.
  await insertRows(tx, 'categories', { id: int, parent_id: int, kind: text, name: text, sort: int }, data.categories);
  await insertRows(tx, 'brands', { id: int, name: text, sort: int }, data.brands);
  await insertRows(tx, 'tags', { id: int, name: text, color: text, sort: int }, data.tags);
  await insertRows(
    tx,
    'goods',
    {
      id: int,
      name: text,
      name_py: text,
      sccj: text,
      sccj_py: text,
      ypgg: text,
      bzdw: text,
      pzwh: text,
      ck_id: int,
      category_id: int,
      brand_id: int,
      is_buy: int,
      number: int,
      is_youx: int,
      type: int,
      is_dpby: int,
      qg_number: int,
      is_free_shipping: int,
      free_shipping_number: int,
      base_price: int,
      price: int,
      ladder_price_type: int,
      sales: int,
      scope_class: text,
      dosage_form: text,
      rx_class: text,
      is_yb: int,
    },
    data.goods,
  );
  await insertRows(tx, 'goods_categories', { goods_id: int, category_id: int }, data.goodsCategories);
  await insertRows(tx, 'goods_tags', { goods_id: int, tag_id: int, describe: text, is_show: int }, data.goodsTags);
  await insertRows(tx, 'ladder_prices', { id: int, goods_id: int, number: int, price: int }, data.ladderPrices);
  await insertRows(tx, 'nav', { id: int, name: text, url: text, is_open: int, sort: int, image: text }, data.nav);
  await insertRows(tx, 'hot_words', { id: int, name: text, url: text, sort: int }, data.hotWords);
  await insertRows(
    tx,
    'banners',
    { id: int, slot: text, name: text, subtitle: text, url: text, sort: int },
    data.banners,
  );
  await insertRows(tx, 'help_categories', { id: int, group_id: int, name: text, sort: int }, data.helpCategories);
  await insertRows(
    tx,
    'articles',
    { id: int, help_category_id: int, title: text, content: text, sort: int },
    data.articles,
  );
  await insertRows(tx, 'links', { id: int, name: text, url: text, sort: int }, data.links);
  await insertRows(tx, 'manjian_tiers', { id: int, amount: int, reduce: int }, data.manjianTiers);
  await insertRows(tx, 'discount_tiers', { id: int, amount: int, discount: int }, data.discountTiers);
}

/** What the seed tells of that the deployment configures: the seller its contract and invoices name (INFO-08). */
export interface SeedOptions {
  seller: Seller;
}

/**
 * The seed's steps in order, each recorded in seed_runs once it ran. A step added later runs on a store seeded before
 * it existed at that store's next start; steps never change what an earlier step wrote.
 */
const STEPS: readonly (readonly [string, (tx: Queryable, seed: number, options: SeedOptions) => Promise<void>])[] = [
  ['catalogue', (tx, seed) => write(tx, buildSeed(seed))],
  ['checkout', seedCheckout],
  ['activities', seedActivities],
  ['zones', seedZones],
  ['coupon_center', seedCouponCenter],
  ['combinations', seedCombinations],
  ['group_buy_news', seedGroupBuyAndNews],
  ['activity_links', seedActivityLinks],
  ['controlled_sales', seedControlledSales],
  ['draws', seedDraws],
  ['account', seedAccount],
  ['messages_stores', seedMessagesAndStores],
  ['wallet', seedWallet],
  ['help', seedHelp],
  ['after_sale', seedAfterSale],
  ['payments', seedPayments],
  ['requests', seedRequests],
  ['points_mall', seedPointsMall],
  ['contracts', (tx, _seed, options) => seedContracts(tx, options.seller)],
  ['inspection_reports', seedInspectionReports],
  ['campaigns', seedCampaigns],
  ['invoices', (tx, _seed, options) => seedInvoices(tx, options.seller)],
  ['pay_passwords', seedPayPasswords],
  ['business_scope', seedBusinessScope],
  ['batches', seedBatches],
  ['credit', seedCredit],
  ['reorder', seedReorder],
  ['goods_facets', seedGoodsFacets],
  ['unit_prices', seedUnitPrices],
];

/**
 * Seeds a migrated store with the deterministic demo catalogue and buyers and the steps after it (STEPS). Answers
 * false, changing nothing, when every step already ran: restarts and concurrent starts never seed twice. The seller
 * is the configured one (INFO-08), so the seeded contract and invoices name the company the footer and the pay page
 * name; left out, the demo seller, as a configuration without one has.
 */
export async function seedIfEmpty(
  db: Db,
  seed: number = DEFAULT_SEED,
  options: SeedOptions = { seller: DEMO_SELLER },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM seed_runs')).map((r) => r.name));
    let changed = false;
    for (const [name, step] of STEPS) {
      if (done.has(name)) continue;
      await step(tx, seed, options);
      await tx.query('INSERT INTO seed_runs (name, seed) VALUES ($1, $2)', [name, seed]);
      changed = true;
    }
    return changed;
  });
}
