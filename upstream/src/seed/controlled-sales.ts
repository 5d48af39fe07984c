import type { Queryable } from '../db/db';

/**
 * Advertisements of single controlled-sales series (issue 4, /kxzq/goods/{url}/{ads?}), by the name of the series'
 * top-level category. The n-th advertisement of a series leads to the series' n-th best-selling controlled-sales goods,
 * so an advertisement on a series' page is one click from something to order.
 */
export const SERIES_ADS: readonly { category: string; name: string; subtitle: string }[] = [
  { category: '感冒发热', name: '感冒发热 控销备货季', subtitle: '区域独家 进货满3000返150' },
  { category: '感冒发热', name: '退热止咳 控销新品', subtitle: '首批进货享出厂价' },
  { category: '消化系统', name: '肠胃用药 控销专供', subtitle: '门店动销快 毛利有保障' },
  { category: '慢病用药', name: '慢病用药 控销长效品种', subtitle: '会员复购率高 按月返利' },
];

/**
 * A seed step of its own: the series advertisements above (slot kxzq_ad), after the zone's own two. Ids come from the
 * banners' sequence, so they follow the earlier steps: the same on every fresh store.
 */
export async function seedControlledSales(tx: Queryable): Promise<void> {
  const base = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM banners WHERE slot = 'kxzq_ad'"))[0]?.n;
  const perSeries = new Map<string, number>();
  for (const [i, ad] of SERIES_ADS.entries()) {
    const nth = perSeries.get(ad.category) ?? 0;
    perSeries.set(ad.category, nth + 1);
    await tx.query(
      `INSERT INTO banners (slot, name, subtitle, url, sort, category_id)
       SELECT 'kxzq_ad', $1, $2,
         (SELECT '/list/info/' || g.id FROM goods g JOIN goods_categories gc ON gc.goods_id = g.id
            JOIN categories c ON c.id = gc.category_id
          WHERE g.is_kx = 1 AND (c.id = t.id OR c.parent_id = t.id)
          ORDER BY g.sales DESC, g.id LIMIT 1 OFFSET $5),
         $3, t.id
       FROM categories t WHERE t.kind = 'normal' AND t.parent_id IS NULL AND t.name = $4`,
      [ad.name, ad.subtitle, (base ?? 0) + i, ad.category, nth],
    );
  }
}
