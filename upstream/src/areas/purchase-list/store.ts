import type { Queryable } from '../../db/db';
import { GOODS_COLUMNS, type GoodsRow } from '../../lib/goods';

/** One row of the list as the statement compares it: every text already normalised (see ./service). */
export interface MatchKey {
  idx: number;
  /** Lower case; '' when the row has no name. */
  name: string;
  /** Pinyin initials typed as the name (lower case), or ''. */
  py: string;
  /** Lower case, × as *, no spaces; or ''. */
  spec: string;
  /** Lower case; or ''. */
  maker: string;
  /** Upper case, without spaces or the 国药准字 prefix; or ''. */
  pzwh: string;
  /** The first two characters of the manufacturer's distinctive part (./rank makerCore), lower case; or ''. */
  makerHead: string;
}

/** How a row found its goods, best first: 1 approval number, 2 whole name, 3 part of the name, 4 pinyin initials. */
export type MatchTier = 1 | 2 | 3 | 4;

/** A goods of a row's best kind of match, with what ranking compares (./rank). */
export interface CandidateRow {
  idx: number;
  id: number;
  tier: MatchTier;
  sccj: string;
  ypgg: string;
  available: boolean;
  sales: number;
  /** How many goods the row's best kind of match found, of which at most `limit` are answered. */
  total: number;
}

/**
 * IMPORT-04: every row's candidates in one statement, whatever the list's length. A row takes its best kind of match
 * only (an approval number found is not mixed with names that merely contain the text). At most `limit` per row come
 * back for ranking (./rank): those whose manufacturer holds the start of the row's (`makerHead`) first, then goods
 * that can be bought now, then best sellers, so a name shared by hundreds keeps the row's maker among them.
 */
export function matchCandidates(q: Queryable, keys: readonly MatchKey[], limit: number): Promise<CandidateRow[]> {
  return q.query<CandidateRow>(
    `WITH r AS (
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])
         AS r(idx, name, py, maker_head, pzwh)
     ),
     by_pzwh AS (
       SELECT r.idx, g.id, 1 AS tier FROM r JOIN goods g ON upper(replace(g.pzwh, '国药准字', '')) = r.pzwh
       WHERE r.pzwh <> ''
     ),
     by_name AS (
       SELECT r.idx, g.id, 2 AS tier FROM r JOIN goods g ON lower(g.name) = r.name
       WHERE r.name <> '' AND NOT EXISTS (SELECT 1 FROM by_pzwh p WHERE p.idx = r.idx)
     ),
     -- Only rows without an approval-number or whole-name match compare texts, and against each distinct name once
     -- (a common medicine is sold by dozens of makers under one name), lowered once here rather than once per row.
     rest AS MATERIALIZED (
       SELECT r.* FROM r
       WHERE NOT EXISTS (SELECT 1 FROM by_pzwh p WHERE p.idx = r.idx)
         AND NOT EXISTS (SELECT 1 FROM by_name n WHERE n.idx = r.idx)
     ),
     names AS MATERIALIZED (SELECT DISTINCT lower(name) AS name, name_py FROM goods),
     part_names AS (
       SELECT r.idx, n.name,
         CASE WHEN r.name <> '' AND (strpos(n.name, r.name) > 0
           OR (char_length(n.name) >= 2 AND strpos(r.name, n.name) > 0)) THEN 3 ELSE 4 END AS tier
       FROM rest r JOIN names n ON (r.name <> '' AND (strpos(n.name, r.name) > 0
           OR (char_length(n.name) >= 2 AND strpos(r.name, n.name) > 0)))
         OR (r.py <> '' AND starts_with(n.name_py, r.py))
     ),
     by_part AS (
       SELECT p.idx, g.id, min(p.tier) AS tier FROM part_names p JOIN goods g ON lower(g.name) = p.name
       GROUP BY p.idx, g.id
     ),
     hits AS (SELECT * FROM by_pzwh UNION ALL SELECT * FROM by_name UNION ALL SELECT * FROM by_part),
     best AS (
       SELECT h.idx, h.id, h.tier FROM (
         SELECT h.*, min(h.tier) OVER (PARTITION BY h.idx) AS best_tier FROM hits h
       ) h WHERE h.tier = h.best_tier
     ),
     ranked AS (
       SELECT b.idx, b.id, b.tier, g.sccj, g.ypgg, (g.is_buy = 1 AND g.number > 0) AS available, g.sales,
         count(*) OVER (PARTITION BY b.idx)::int AS total,
         row_number() OVER (PARTITION BY b.idx ORDER BY
           (r.maker_head <> '' AND strpos(lower(g.sccj), r.maker_head) > 0) DESC,
           (g.is_buy = 1 AND g.number > 0) DESC, g.sales DESC, g.id) AS rank
       FROM best b JOIN r ON r.idx = b.idx JOIN goods g ON g.id = b.id
     )
     SELECT idx, id, tier, sccj, ypgg, available, sales, total FROM ranked WHERE rank <= $6 ORDER BY idx, rank`,
    [
      keys.map((k) => k.idx),
      keys.map((k) => k.name),
      keys.map((k) => k.py),
      keys.map((k) => k.makerHead),
      keys.map((k) => k.pzwh),
      limit,
    ],
  );
}

/** IMPORT-05: the goods answered for the rows, by id, in one statement. */
export async function goodsByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, GoodsRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The names of goods by id (for naming what could not be added). */
export async function goodsNames(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await q.query<{ id: number; name: string }>('SELECT id, name FROM goods WHERE id = ANY($1::int[])', [
    ids,
  ]);
  return new Map(rows.map((row) => [row.id, row.name]));
}
