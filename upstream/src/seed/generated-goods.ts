/**
 * CATALOG-10: the catalogue at a wholesaler's size (SEED_GOODS, ADR 0130): the goods after the demo catalogue's 2,400, drawn from
 * the same products in more dosage forms and pack sizes, by a few thousand manufacturers across China. Each goods
 * depends only on the seed and its own id, so a store grown from 50,000 to 500,000 goods holds the same goods as one
 * seeded with 500,000 at once, and an interrupted seed carries on where it stopped.
 */
import type { Db } from '../db/db';
import { refreshFacetIndex } from '../areas/catalogue/facet-index';
import { HM_GOODS_NAMES } from './checkout';
import { catalogueContext, DEFAULT_SEED, goodsRecord, type CatalogueContext, type GoodsRecord } from './build';
import { GOODS_COUNT } from './goods-count';
import { makerPools, products, type ProductDef, type ProductKind } from './catalogue';
import { Prng } from './prng';
import { unitPriceColumns } from './unit-prices';

/** The goods row as the generated part of the catalogue writes it: what later seed steps set is set here. */
export type GeneratedGoods = GoodsRecord['goods'] & {
  is_hm: number;
  expire_date: string;
  is_kx: number;
} & ReturnType<typeof unitPriceColumns>;

export interface GeneratedRecord extends Omit<GoodsRecord, 'goods'> {
  goods: GeneratedGoods;
}

// Dosage forms a product is also sold in, by the form its name ends with; the specification's counting word
// follows the form (tablets are counted in 片, capsules in 粒).
const FORM_FAMILIES: { forms: string[]; unit: string }[] = [
  { forms: ['分散片', '缓释片', '肠溶片', '咀嚼片', '泡腾片', '薄膜衣片', '片'], unit: '片' },
  { forms: ['软胶囊', '肠溶胶囊', '缓释胶囊', '胶囊'], unit: '粒' },
  { forms: ['颗粒(无蔗糖)', '颗粒'], unit: '袋' },
  { forms: ['口服溶液', '口服液', '糖浆', '合剂'], unit: '支' },
  { forms: ['乳膏', '软膏', '凝胶'], unit: '支' },
  { forms: ['滴眼液', '眼用凝胶'], unit: '支' },
  { forms: ['浓缩丸', '水蜜丸', '丸'], unit: '丸' },
];

function formOf(name: string): { stem: string; family: (typeof FORM_FAMILIES)[number]; form: string } | undefined {
  for (const family of FORM_FAMILIES) {
    // Longest forms are listed first in each family, so 缓释片 wins over 片.
    for (const form of family.forms) {
      if (name.endsWith(form) && name.length > form.length) return { stem: name.slice(0, -form.length), family, form };
    }
  }
  return undefined;
}

/** The product and the same product in the other forms of its family (阿莫西林胶囊 → 阿莫西林软胶囊, ...). */
function variantsOf(product: ProductDef): ProductDef[] {
  const found = formOf(product.name);
  if (found === undefined || product.kind === 'S' || product.kind === 'Q') return [product];
  const otherUnits = /[片粒袋支丸]/g;
  return found.family.forms.map((form) =>
    form === found.form
      ? product
      : {
          ...product,
          name: `${found.stem}${form}`,
          specs: product.specs.map((spec) => spec.replace(otherUnits, found.family.unit)),
          // A branded product's other forms are generics, made by anyone of its kind.
          makers: undefined,
        },
  );
}

const REGIONS = [
  '北京',
  '天津',
  '上海',
  '重庆',
  '广州',
  '深圳',
  '杭州',
  '南京',
  '苏州',
  '无锡',
  '常州',
  '扬州',
  '泰州',
  '连云港',
  '成都',
  '武汉',
  '宜昌',
  '西安',
  '长沙',
  '株洲',
  '郑州',
  '洛阳',
  '济南',
  '青岛',
  '烟台',
  '潍坊',
  '临沂',
  '淄博',
  '石家庄',
  '保定',
  '邯郸',
  '太原',
  '沈阳',
  '大连',
  '长春',
  '通化',
  '吉林',
  '哈尔滨',
  '合肥',
  '亳州',
  '福州',
  '厦门',
  '南昌',
  '赣州',
  '南宁',
  '桂林',
  '玉林',
  '海口',
  '昆明',
  '文山',
  '贵阳',
  '遵义',
  '兰州',
  '西宁',
  '银川',
  '呼和浩特',
  '乌鲁木齐',
  '湖州',
  '台州',
  '金华',
  '绍兴',
  '安国',
];
const NAMES = [
  '康恩',
  '华康',
  '济生',
  '同济',
  '百草',
  '天和',
  '恒生',
  '瑞康',
  '华信',
  '健民',
  '永安',
  '益康',
  '福元',
  '天瑞',
  '金象',
  '万邦',
  '正大',
  '汇仁',
  '东方',
  '国泰',
  '博爱',
  '惠民',
  '普康',
  '弘德',
  '德众',
  '安康',
  '众生',
  '立达',
  '富春',
  '九和',
  '宏济',
  '康泰',
  '远大',
  '亚宝',
  '力生',
  '新谊',
  '联合',
  '神威',
  '仙琚',
  '海王',
];
const SUFFIXES: Record<ProductKind, string[]> = {
  H: ['制药有限公司', '药业有限公司', '药业股份有限公司', '生物制药有限公司'],
  Z: ['中药制药有限公司', '药业有限公司', '制药股份有限公司', '中药有限公司'],
  S: ['中药饮片有限公司', '药业饮片有限公司', '中药材饮片厂'],
  Q: ['医疗器械有限公司', '医疗用品有限公司', '医疗科技有限公司'],
};

/** Every manufacturer of a kind: the demo's own pool first, then one per region and name. */
function makersOf(kind: ProductKind): string[] {
  const suffixes = SUFFIXES[kind];
  const made = REGIONS.flatMap((region, r) =>
    NAMES.map((name, n) => `${region}${name}${suffixes[(r + n) % suffixes.length] ?? ''}`),
  );
  return [...makerPools[kind], ...made];
}

// A specification's count in another pack size (0.25g*24粒 → 0.25g*36粒), as wholesalers stock several.
const PACK_COUNTS = [6, 9, 10, 12, 18, 20, 24, 30, 36, 40, 48, 50, 60, 72, 100];

function packVariant(prng: Prng, spec: string): string {
  if (prng.chance(50)) return spec;
  const count = prng.pick(PACK_COUNTS);
  return spec.replace(/\*(\d+)([片粒袋支丸贴只])/, `*${count}$2`);
}

const CHINA_DAY_MS = 86_400_000;

interface Vocabulary {
  ctx: CatalogueContext;
  /** Products with their other forms; branded ones listed once, generics ten times (weights of the draw). */
  weighted: ProductDef[];
  makers: Record<ProductKind, string[]>;
}

let vocabulary: Vocabulary | undefined;

function vocabularyOnce(): Vocabulary {
  if (vocabulary !== undefined) return vocabulary;
  const weighted: ProductDef[] = [];
  for (const product of products) {
    for (const variant of variantsOf(product)) {
      const weight = variant.makers === undefined ? 10 : 1;
      for (let i = 0; i < weight; i++) weighted.push(variant);
    }
  }
  vocabulary = {
    ctx: catalogueContext(),
    weighted,
    makers: { H: makersOf('H'), Z: makersOf('Z'), S: makersOf('S'), Q: makersOf('Q') },
  };
  return vocabulary;
}

// A well-mixed 32-bit seed per goods (murmur3's finaliser), so neighbouring ids draw unrelated goods.
function goodsSeed(seed: number, id: number): number {
  let h = (seed ^ Math.imul(id, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Today in China as days since the epoch: expiry dates count from the day of seeding, as the zones step does. */
function chinaToday(now: Date): number {
  return Math.floor((now.getTime() + 8 * 3_600_000) / CHINA_DAY_MS);
}

/** Goods `id` (above the demo catalogue) of the catalogue drawn from `seed`. */
export function generatedGoods(seed: number, id: number, now: Date = new Date()): GeneratedRecord {
  const { ctx, weighted, makers } = vocabularyOnce();
  const prng = new Prng(goodsSeed(seed, id));
  const product = prng.pick(weighted);
  const maker = product.makers === undefined ? prng.pick(makers[product.kind]) : prng.pick(product.makers);
  const spec = packVariant(prng, prng.pick(product.specs));
  const record = goodsRecord(prng, ctx, id, { product, maker, spec });
  const expiry = new Date((chinaToday(now) + 60 + ((id * 7919) % 720)) * CHINA_DAY_MS);
  return {
    ...record,
    goods: {
      ...record.goods,
      // The rules of the later seed steps (checkout's 含麻 goods, the zones step's expiry and 控销 pattern).
      is_hm: HM_GOODS_NAMES.includes(product.name) ? 1 : 0,
      expire_date: expiry.toISOString().slice(0, 10),
      is_kx: record.goods.brand_id === null && id % 6 === 1 ? 1 : 0,
      // COMPARE-01, COMPARE-05: the unit_prices step's columns.
      ...unitPriceColumns(id, spec, product.unit),
    },
  };
}

/** Goods per COPY and per transaction: a few megabytes of text, so memory stays flat whatever the target. */
const CHUNK = 10_000;

const GOODS_COPY_COLUMNS = [
  'id',
  'name',
  'name_py',
  'sccj',
  'sccj_py',
  'ypgg',
  'bzdw',
  'pzwh',
  'ck_id',
  'category_id',
  'brand_id',
  'is_buy',
  'number',
  'is_youx',
  'type',
  'is_dpby',
  'qg_number',
  'is_free_shipping',
  'free_shipping_number',
  'base_price',
  'price',
  'ladder_price_type',
  'sales',
  'is_hm',
  'expire_date',
  'is_kx',
  'scope_class',
  'dosage_form',
  'rx_class',
  'is_yb',
  'units_per_pack',
  'unit_word',
  'carton_qty',
] as const satisfies readonly (keyof GeneratedGoods)[];

export interface GrowProgress {
  /** Goods in the store after this chunk. */
  done: number;
  target: number;
  /** Seconds since the growth started. */
  seconds: number;
}

/**
 * Grows the seeded store's catalogue to `target` goods (SEED_GOODS), a chunk per transaction; answers how many goods
 * it added. A store that already holds `target` goods or more is left as it is; one stopped half-way carries on
 * from its last goods, since every goods is drawn from its id alone.
 */
export async function growCatalogue(
  db: Db,
  options: { target: number; seed?: number; onProgress?: (progress: GrowProgress) => void },
): Promise<number> {
  const seed = options.seed ?? DEFAULT_SEED;
  const started = performance.now();
  const [row] = await db.query<{ last: number | null }>('SELECT max(id) AS last FROM goods');
  const first = (row?.last ?? 0) + 1;
  if (first <= GOODS_COUNT) throw new Error('growCatalogue runs after the demo catalogue is seeded');
  const now = new Date();
  for (let from = first; from <= options.target; from += CHUNK) {
    const to = Math.min(options.target, from + CHUNK - 1);
    const records: GeneratedRecord[] = [];
    for (let id = from; id <= to; id++) records.push(generatedGoods(seed, id, now));
    await db.transaction(async (tx) => {
      await tx.copy(
        'goods',
        GOODS_COPY_COLUMNS,
        records.map((r) => GOODS_COPY_COLUMNS.map((c) => r.goods[c])),
      );
      await tx.copy(
        'goods_categories',
        ['goods_id', 'category_id'],
        records.flatMap((r) => r.categories.map((c) => [c.goods_id, c.category_id])),
      );
      await tx.copy(
        'goods_tags',
        ['goods_id', 'tag_id', 'describe', 'is_show'],
        records.flatMap((r) => r.tags.map((t) => [t.goods_id, t.tag_id, t.describe, t.is_show])),
      );
      await tx.copy(
        'ladder_prices',
        ['goods_id', 'number', 'price'],
        records.flatMap((r) => r.ladders.map((l) => [l.goods_id, l.number, l.price])),
      );
    });
    options.onProgress?.({ done: to, target: options.target, seconds: (performance.now() - started) / 1000 });
  }
  if (first > options.target) return 0;
  await db.query("SELECT setval(pg_get_serial_sequence('goods', 'id'), (SELECT max(id) FROM goods))");
  await db.query('SELECT refresh_search_terms()');
  // FACET-10: the grown goods folded into the kept facet counts now, not by the first buyer to open a list.
  await refreshFacetIndex(db);
  // The planner's statistics (without them it plans a half-million-row table as the empty one it saw last), the
  // visibility map for index-only counts, and the stale marks' table emptied for real: every search looks into it,
  // and a scan over the chunks' dead marks costs tens of milliseconds until a vacuum, which PGlite never runs itself.
  // One statement each: VACUUM refuses to run inside the transaction a multi-statement script is.
  for (const table of [
    'search_terms_stale',
    'search_terms',
    'facet_goods_stale',
    'facet_goods',
    'facet_counts',
    'goods',
    'goods_categories',
    'goods_tags',
    'ladder_prices',
  ]) {
    await db.exec(`VACUUM ANALYZE ${table}`);
  }
  return options.target - first + 1;
}
