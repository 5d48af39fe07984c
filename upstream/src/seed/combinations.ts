import type { Queryable } from '../db/db';

/** Combination groups of each kind the seed makes, and goods per group. */
const GIFT_GROUPS = 3;
const BUNDLE_GROUPS = 3;
const GIFT_GROUP_GOODS = 8;
const BUNDLE_GROUP_GOODS = 3;
/** The full-gift thresholds (fen), one per gift group in order. */
const GIFT_THRESHOLDS = [50000, 80000, 100000];
/** A bundle sells at this percentage of the goods' prices, down to whole 10 fen as price lists are written. */
const BUNDLE_PERCENT = 90;

interface Candidate {
  id: number;
  name: string;
  sccj: string;
  price: number;
  bzdw: string;
}

const yuan = (fen: number) => String(fen / 100);

/**
 * The sixth seed step (issue 4): combination full-gift groups (组合满赠, /zhmz) and combination purchases (组合购,
 * /zhzq). Both are chosen from the catalogue by a fixed rule, so the same catalogue gives the same groups: the
 * manufacturers with the most orderable goods make the gift groups (their cheapest goods is the gift), the next
 * ones a bundle of their best sellers. Recorded apart from the other steps, so an existing store picks it up.
 */
export async function seedCombinations(tx: Queryable): Promise<void> {
  const makers = (
    await tx.query<{ sccj: string }>(
      `SELECT sccj FROM goods WHERE is_buy = 1 AND number > 0
       GROUP BY sccj HAVING count(*) >= $1 ORDER BY count(*) DESC, sccj LIMIT $2`,
      [BUNDLE_GROUP_GOODS, GIFT_GROUPS + BUNDLE_GROUPS],
    )
  ).map((r) => r.sccj);
  const goodsOf = (sccj: string, limit: number) =>
    tx.query<Candidate>(
      `SELECT id, name, sccj, price, bzdw FROM goods WHERE sccj = $1 AND is_buy = 1 AND number > 0
       ORDER BY sales DESC, id LIMIT $2`,
      [sccj, limit],
    );

  for (const [i, sccj] of makers.slice(0, GIFT_GROUPS).entries()) {
    const goods = await goodsOf(sccj, GIFT_GROUP_GOODS);
    const gift = [...goods].sort((a, b) => a.price - b.price || a.id - b.id)[0];
    const threshold = GIFT_THRESHOLDS[i] ?? 50000;
    if (gift === undefined) continue;
    const [group] = await tx.query<{ id: number }>(
      `INSERT INTO combination_groups (kind, name, describe, threshold, gift_goods_id, gift_number, sort, start_at,
         end_at)
       VALUES ('gift', $1, $2, $3, $4, $5, $6, now() - interval '3 days', now() + interval '60 days') RETURNING id`,
      [
        `${sccj}组合满赠`,
        `本组商品合计满${yuan(threshold)}元，赠${gift.name}${i + 1}${gift.bzdw}`,
        threshold,
        gift.id,
        i + 1,
        i,
      ],
    );
    await tx.query(
      `INSERT INTO combination_goods (group_id, goods_id, number, price, sort)
       SELECT $1, goods_id, 1, NULL, ord FROM unnest($2::int[]) WITH ORDINALITY AS t (goods_id, ord)`,
      [group?.id ?? 0, goods.map((g) => g.id)],
    );
  }

  for (const [i, sccj] of makers.slice(GIFT_GROUPS).entries()) {
    const goods = await goodsOf(sccj, BUNDLE_GROUP_GOODS);
    // The best seller twice, the others once: a set as a pharmacy would stock it.
    const numbers = goods.map((_g, j) => (j === 0 ? 2 : 1));
    const prices = goods.map((g) => {
      const fen = Math.floor((g.price * BUNDLE_PERCENT) / 100);
      return Math.max(10, fen - (fen % 10));
    });
    const [group] = await tx.query<{ id: number }>(
      `INSERT INTO combination_groups (kind, name, describe, sort, start_at, end_at)
       VALUES ('bundle', $1, $2, $3, now() - interval '3 days', now() + interval '60 days') RETURNING id`,
      [`${sccj}组合装`, `${goods.map((g) => g.name).join(' + ')}，组合购买享${BUNDLE_PERCENT / 10}折`, i],
    );
    await tx.query(
      `INSERT INTO combination_goods (group_id, goods_id, number, price, sort)
       SELECT $1, goods_id, number, price, ord
       FROM unnest($2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS t (goods_id, number, price, ord)`,
      [group?.id ?? 0, goods.map((g) => g.id), numbers, prices],
    );
  }
}
