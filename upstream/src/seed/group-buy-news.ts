import type { Queryable } from '../db/db';

/** Group-buy offers the seed makes, and how a group price and target follow from the goods. */
const GROUP_BUY_COUNT = 12;
/** The group price is this percentage of the goods' price, down to whole 10 fen. */
const GROUP_PERCENT = 85;

/** Fixed news rows; dates are relative to the seeding so the list always has recent news. */
export const NEWS_POSTS: { title: string; summary: string; content: string; daysAgo: number }[] = [
  {
    title: '关于春节期间物流配送安排的通知',
    summary: '春节期间部分地区物流停运，请各门店提前备货。',
    content: '春节期间（腊月二十八至正月初六）部分地区物流停运，订单将于正月初七起依次发出，请各门店提前备货。',
    daysAgo: 1,
  },
  {
    title: '国家药监局发布新版药品经营质量管理规范解读',
    summary: '新版 GSP 对零售药店的温湿度管理和追溯提出了更高要求。',
    content: '新版药品经营质量管理规范对零售药店的温湿度监测、票据留存和药品追溯提出了更高要求，请各门店对照自查。',
    daysAgo: 3,
  },
  {
    title: '含麻黄碱类复方制剂销售管理提醒',
    summary: '含麻黄碱类复方制剂须实名登记，单次销售不超过2个最小包装。',
    content: '根据相关规定，含麻黄碱类复方制剂须查验身份证并实名登记，单次销售不超过2个最小包装，请严格执行。',
    daysAgo: 6,
  },
  {
    title: '冬季流感高发，感冒类药品备货指南',
    summary: '进入流感高发季，建议门店适当增加感冒、退热类药品库存。',
    content: '进入冬季流感高发季，建议门店适当增加感冒、退热、止咳类药品库存，并关注近效期商品的周转。',
    daysAgo: 9,
  },
  {
    title: '平台上线领券中心，满减券每日可领',
    summary: '领券中心已上线，每位用户每张券限领一次，先到先得。',
    content: '领券中心已上线，多种满减券、折扣券每日可领，每位用户每张券限领一次，数量有限，先到先得。',
    daysAgo: 12,
  },
  {
    title: '组合购专区上线，多款常用药组合享9折',
    summary: '组合购专区精选常用药组合，组合购买享9折优惠。',
    content: '组合购专区精选常用药组合，按组合购买享9折优惠，组合满赠活动同步进行中。',
    daysAgo: 15,
  },
  {
    title: '医保定点药店药品价格公示要求',
    summary: '医保定点药店须在显著位置公示药品价格。',
    content: '医保定点零售药店须在店内显著位置公示所售药品价格，并与医保结算价格保持一致。',
    daysAgo: 21,
  },
];

/**
 * The seventh seed step (issue 4): group-buy offers (拼团, /ptzq) and the news list. Group-buy goods are the best
 * sellers among buyable, in-stock goods without another promotion tag, chosen by a fixed rule: the same catalogue
 * gives the same offers. Recorded apart from the other steps, so an existing store picks it up.
 */
export async function seedGroupBuyAndNews(tx: Queryable): Promise<void> {
  const goods = await tx.query<{ id: number; price: number }>(
    `SELECT g.id, g.price FROM goods g
     WHERE g.is_buy = 1 AND g.number >= 100 AND g.is_hm = 0
       AND NOT EXISTS (SELECT 1 FROM goods_activities ga WHERE ga.goods_id = g.id)
     ORDER BY g.sales DESC, g.id LIMIT $1`,
    [GROUP_BUY_COUNT],
  );
  const rows = goods.map((g, i) => {
    const fen = Math.floor((g.price * GROUP_PERCENT) / 100);
    // Targets of 50, 100 and 200 units in turn; a third of the groups already half full.
    const target = [50, 100, 200][i % 3] ?? 50;
    return { goods_id: g.id, price: Math.max(10, fen - (fen % 10)), target, joined: i % 3 === 1 ? target / 2 : i };
  });
  await tx.query(
    `INSERT INTO group_buys (goods_id, price, target_number, joined_number, start_at, end_at)
     SELECT goods_id, price, target, joined, now() - interval '2 days', now() + interval '14 days'
     FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS t (goods_id, price, target, joined)`,
    [rows.map((r) => r.goods_id), rows.map((r) => r.price), rows.map((r) => r.target), rows.map((r) => r.joined)],
  );
  for (const post of NEWS_POSTS) {
    await tx.query(
      `INSERT INTO news_posts (title, summary, content, published_at)
       VALUES ($1, $2, $3, date_trunc('hour', now()) - make_interval(days => $4))`,
      [post.title, post.summary, post.content, post.daysAgo],
    );
  }
}
