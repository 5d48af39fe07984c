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
}

/** How a row found its goods, best first: 1 approval number, 2 whole name, 3 part of the name, 4 pinyin initials. */
export type MatchTier = 1 | 2 | 3 | 4;

export interface CandidateRow extends GoodsRow {
  idx: number;
  tier: MatchTier;
  /** How many goods the row's best match kept, of which the first `limit` are answered. */
  total: number;
}

/**
 * IMPORT-04: every row's candidates in one statement, whatever the list's length. A row takes its best kind of match
 * only (an approval number found is not mixed with names that merely contain the text); among those, when the row
 * names a manufacturer or a specification and some candidates agree with it, only those stay. Candidates are
 * ordered goods-that-can-be-bought-now first, then best sellers.
 */
export function matchCandidates(q: Queryable, keys: readonly MatchKey[], limit: number): Promise<CandidateRow[]> {
  return q.query<CandidateRow>(
    `WITH r AS (
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         AS r(idx, name, py, spec, maker, pzwh)
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
     judged AS (
       SELECT h.idx, h.id, h.tier, min(h.tier) OVER (PARTITION BY h.idx) AS best_tier,
         (r.maker <> '' AND (strpos(lower(g.sccj), r.maker) > 0 OR strpos(r.maker, lower(g.sccj)) > 0))::int AS maker_ok,
         (r.spec <> '' AND (strpos(translate(lower(g.ypgg), '× ', '*'), r.spec) > 0
           OR strpos(r.spec, translate(lower(g.ypgg), '× ', '*')) > 0))::int AS spec_ok,
         (g.is_buy = 1 AND g.number > 0) AS available, g.sales
       FROM hits h JOIN r ON r.idx = h.idx JOIN goods g ON g.id = h.id
     ),
     by_maker AS (
       SELECT j.*, max(j.maker_ok) OVER (PARTITION BY j.idx) AS best_maker FROM judged j WHERE j.tier = j.best_tier
     ),
     by_spec AS (
       SELECT m.*, max(m.spec_ok) OVER (PARTITION BY m.idx) AS best_spec FROM by_maker m
       WHERE m.maker_ok = m.best_maker
     ),
     ranked AS (
       SELECT s.idx, s.id, s.tier, count(*) OVER (PARTITION BY s.idx)::int AS total,
         row_number() OVER (PARTITION BY s.idx ORDER BY s.available DESC, s.sales DESC, s.id) AS rank
       FROM by_spec s WHERE s.spec_ok = s.best_spec
     )
     SELECT k.idx, k.tier, k.total, ${GOODS_COLUMNS}
     FROM ranked k JOIN goods g ON g.id = k.id
     WHERE k.rank <= $7
     ORDER BY k.idx, k.rank`,
    [
      keys.map((k) => k.idx),
      keys.map((k) => k.name),
      keys.map((k) => k.py),
      keys.map((k) => k.spec),
      keys.map((k) => k.maker),
      keys.map((k) => k.pzwh),
      limit,
    ],
  );
}

/** The names of goods by id (for naming what could not be added). */
export async function goodsNames(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await q.query<{ id: number; name: string }>('SELECT id, name FROM goods WHERE id = ANY($1::int[])', [
    ids,
  ]);
  return new Map(rows.map((row) => [row.id, row.name]));
}
