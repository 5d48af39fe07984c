import type { LadderTier } from '@pharma/domain/cart-pricing';

/** The goods table's own columns of a goods row. */
export const GOODS_BASE_COLUMNS = `g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
  g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
  g.ladder_price_type, g.category_id, g.brand_id, g.sales, g.is_hm,
  to_char(g.expire_date, 'YYYY-MM-DD') AS expire_date, g.is_kx, g.scope_class, g.dosage_form, g.rx_class, g.is_yb,
  g.units_per_pack, g.unit_word, g.carton_qty`;

const LADDER_JSON = "json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)";
const TAGS_JSON = `json_agg(json_build_object('name', t.name, 'describe', gt.describe, 'is_show', gt.is_show,
  'color', t.color) ORDER BY t.sort, t.id)`;

/** Columns of a goods row with its ladder tiers and tags aggregated, so one statement reads a whole goods. */
export const GOODS_COLUMNS = `${GOODS_BASE_COLUMNS},
  COALESCE((SELECT ${LADDER_JSON} FROM ladder_prices lp WHERE lp.goods_id = g.id), '[]'::json) AS ladder_price,
  COALESCE((SELECT ${TAGS_JSON} FROM goods_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.goods_id = g.id),
    '[]'::json) AS tags`;

/**
 * A page of goods rows (`pageSql` selects GOODS_BASE_COLUMNS of `g`, ordered and limited) with their ladder tiers
 * and tags, in one statement: the page is chosen first and only its goods' tiers and tags are read, each table once
 * for the whole page. Subqueries per row beside a window count would run for every goods the filter keeps.
 */
export const goodsPageSql = (pageSql: string, orderBy: string) => `WITH page AS MATERIALIZED (${pageSql})
  SELECT g.*, COALESCE(l.ladder_price, '[]'::json) AS ladder_price, COALESCE(tg.tags, '[]'::json) AS tags
  FROM page g
  LEFT JOIN (SELECT lp.goods_id, ${LADDER_JSON} AS ladder_price FROM ladder_prices lp
    WHERE lp.goods_id IN (SELECT id FROM page) GROUP BY lp.goods_id) l ON l.goods_id = g.id
  LEFT JOIN (SELECT gt.goods_id, ${TAGS_JSON} AS tags FROM goods_tags gt JOIN tags t ON t.id = gt.tag_id
    WHERE gt.goods_id IN (SELECT id FROM page) GROUP BY gt.goods_id) tg ON tg.goods_id = g.id
  ORDER BY ${orderBy}`;

/** Goods expiring within this many days are near-expiry (近效期) and listed in /jxqzc. */
export const NEAR_EXPIRY_DAYS = 180;

export interface GoodsTagDto {
  name: string;
  describe: string | null;
  is_show: number;
  color: string;
}

export interface GoodsRow {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  pzwh: string | null;
  ck_id: number;
  is_buy: number;
  number: number;
  is_youx: number;
  type: number;
  is_dpby: number;
  qg_number: number;
  is_free_shipping: number;
  free_shipping_number: number;
  base_price: number;
  price: number;
  ladder_price_type: number;
  category_id: number;
  brand_id: number | null;
  sales: number;
  /** 1 for goods with ephedrine-type ingredients (含麻黄碱类): their orders need the receipt step. */
  is_hm: number;
  /** The batch's expiry date, YYYY-MM-DD (China date); null when not recorded. */
  expire_date: string | null;
  /** 1 for controlled-sales goods (控销). */
  is_kx: number;
  /** SCOPE-01: the goods' business-scope class (a code of @pharma/domain/business-scope). */
  scope_class: string;
  /** FACET-02: the dosage form (剂型) the name ends with; null for devices and herbal slices. */
  dosage_form: string | null;
  /** FACET-03: RX 处方药, OTC_A 甲类OTC, OTC_B 乙类OTC; null for devices and herbal slices. */
  rx_class: string | null;
  /** FACET-04: 1 for goods on the medical-insurance list (医保). */
  is_yb: number;
  /** COMPARE-01: units in one pack and their counting word (粒, 片, ml...); null when the spec does not say. */
  units_per_pack: number | null;
  unit_word: string | null;
  /** COMPARE-05: packs in one carton (件装量); null when not recorded. */
  carton_qty: number | null;
  ladder_price: LadderTier[];
  tags: GoodsTagDto[];
}

export interface GoodsDto extends GoodsRow {
  goods_image: string[];
}

/** The REST goods object (docs/rest-api.md); money fields are integer fen. */
export function goodsDto(row: GoodsRow, publicUrl: string): GoodsDto {
  return {
    id: row.id,
    name: row.name,
    sccj: row.sccj,
    ypgg: row.ypgg,
    bzdw: row.bzdw,
    pzwh: row.pzwh,
    ck_id: row.ck_id,
    goods_image: [`${publicUrl}/api/images/goods/${row.id}.svg`],
    is_buy: row.is_buy,
    number: row.number,
    is_youx: row.is_youx,
    type: row.type,
    is_dpby: row.is_dpby,
    qg_number: row.qg_number,
    is_free_shipping: row.is_free_shipping,
    free_shipping_number: row.free_shipping_number,
    base_price: row.base_price,
    price: row.price,
    ladder_price: row.ladder_price,
    ladder_price_type: row.ladder_price_type,
    tags: row.tags,
    category_id: row.category_id,
    brand_id: row.brand_id,
    sales: row.sales,
    is_hm: row.is_hm,
    expire_date: row.expire_date,
    is_kx: row.is_kx,
    scope_class: row.scope_class,
    dosage_form: row.dosage_form,
    rx_class: row.rx_class,
    is_yb: row.is_yb,
    units_per_pack: row.units_per_pack,
    unit_word: row.unit_word,
    carton_qty: row.carton_qty,
  };
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
