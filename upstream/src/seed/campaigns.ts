import type { Queryable } from '../db/db';

/**
 * The campaigns seed step: full-amount cashback (/hb), the 9.4折 welfare sale (/welfare), the good-doctors hub
 * (/yyh) and two zone and two activity templates (/zqmb, /hdmb), and the links that lead to them (the header's
 * 满额返现 entry, top-right ads, home banners, the demo templates' banners). Periods are relative to the seeding, so a
 * fresh store always has them running. Goods are chosen by fixed rules of the catalogue, so every fresh store gets
 * the same. Ids come from the sequences, after whatever the store already has.
 */

interface SectionSeed {
  name: string;
  describe: string;
  /** Goods of these catalogue categories (top-level or child names of the ordinary tree). */
  categories: readonly string[];
  limit: number;
}

interface CampaignSeed {
  kind: 'cashback' | 'welfare' | 'hub' | 'zone_template' | 'activity_template';
  title: string;
  subtitle: string;
  rules: readonly string[];
  discount: number | null;
  from: string;
  to: string;
  /** The banner drawn for it: name and subtitle (none for the hub, whose banners are the slot yyh). */
  banner: readonly [string, string] | null;
  sections: readonly SectionSeed[];
  /** How many running activities it features as cards. */
  activities: number;
}

const CASHBACK: CampaignSeed = {
  kind: 'cashback',
  title: '满额返现 采购有礼',
  subtitle: '活动商品满1000元返30元，最高返250元',
  rules: [
    '活动期间下单，订单中活动商品金额（按下单价计）满1000元返30元、满3000元返120元、满5000元返250元，按达到的最高档返现。',
    '返现在订单确认收货（订单完成）后自动存入账户余额，可在“我的钱包-余额管理”中查看。',
    '每笔订单只返现一次，返现金额不超过该订单实付的商品金额；取消的订单不返现。',
  ],
  discount: null,
  from: '-3 days',
  to: '30 days',
  banner: ['满额返现 采购有礼', '满1000返30 满5000返250'],
  sections: [],
  activities: 0,
};

const WELFARE: CampaignSeed = {
  kind: 'welfare',
  title: '全场9.4折 福利专场',
  subtitle: '专场商品一律按9.4折结算，加入购物车即享',
  rules: [
    '专场商品按原价的94%结算，金额按分向下取整。',
    '专场价不再叠加阶梯价，可与满减、满折、优惠券同享。',
    '活动结束后，购物车中的专场商品不可再下单，请重新加入购物车。',
  ],
  discount: 94,
  from: '-2 days',
  to: '20 days',
  banner: ['全场9.4折 福利专场', '专场商品一律9.4折'],
  sections: [],
  activities: 0,
};

const HUB: CampaignSeed = {
  kind: 'hub',
  title: '好医汇 诊所采购专区',
  subtitle: '为基层诊所精选常用处方药、慢病用药与诊疗耗材',
  rules: ['专区商品均为诊所高频采购品种，价格以加入购物车时为准。'],
  discount: null,
  from: '-10 days',
  to: '90 days',
  banner: null,
  sections: [
    { name: '抗菌消炎', describe: '门诊常用抗生素与抗病毒药', categories: ['抗菌消炎'], limit: 30 },
    { name: '感冒发热', describe: '感冒、退热与止咳化痰', categories: ['感冒发热'], limit: 30 },
    { name: '慢病管理', describe: '降压、调脂、降糖长期用药', categories: ['心脑血管', '慢病用药'], limit: 30 },
    { name: '诊疗耗材', describe: '防护用品、检测仪器与护理耗材', categories: ['医疗器械'], limit: 30 },
  ],
  activities: 3,
};

const TEMPLATES: readonly CampaignSeed[] = [
  {
    kind: 'zone_template',
    title: '秋冬养生专区',
    subtitle: '滋补调养 维矿补益 换季备货正当时',
    rules: [],
    discount: null,
    from: '-5 days',
    to: '60 days',
    banner: ['秋冬养生专区', '滋补调养 维矿补益'],
    sections: [
      { name: '维生素与矿物质', describe: '维生素、钙铁锌硒', categories: ['维生素', '钙铁锌硒'], limit: 20 },
      { name: '滋补调养', describe: '换季进补好选择', categories: ['滋补调养', '补益药'], limit: 20 },
    ],
    activities: 0,
  },
  {
    kind: 'zone_template',
    title: '妇儿健康专区',
    subtitle: '儿童用药 妇科用药 家庭常备',
    rules: [],
    discount: null,
    from: '-5 days',
    to: '60 days',
    banner: ['妇儿健康专区', '儿童用药 妇科用药'],
    sections: [
      { name: '儿童用药', describe: '儿科常用品种', categories: ['儿童用药'], limit: 20 },
      { name: '妇科用药', describe: '妇科常用品种', categories: ['妇科用药'], limit: 20 },
    ],
    activities: 0,
  },
  {
    kind: 'activity_template',
    title: '换季感冒季 专题活动',
    subtitle: '感冒咳嗽常备药 活动价采购',
    rules: ['活动商品参与页面所列促销活动，以结算时为准。'],
    discount: null,
    from: '-2 days',
    to: '25 days',
    banner: ['换季感冒季 专题活动', '感冒咳嗽常备药 限时促销'],
    sections: [
      { name: '感冒用药', describe: '', categories: ['感冒用药'], limit: 20 },
      { name: '咳嗽化痰', describe: '', categories: ['咳嗽化痰'], limit: 20 },
    ],
    activities: 2,
  },
  {
    kind: 'activity_template',
    title: '肠胃健康 专题活动',
    subtitle: '胃病、肠道、肝胆用药集中采购',
    rules: ['活动商品参与页面所列促销活动，以结算时为准。'],
    discount: null,
    from: '-2 days',
    to: '25 days',
    banner: ['肠胃健康 专题活动', '消化系统用药集中采购'],
    sections: [
      { name: '胃病用药', describe: '', categories: ['胃病用药'], limit: 20 },
      { name: '肠道与肝胆', describe: '', categories: ['肠道用药', '肝胆用药'], limit: 20 },
    ],
    activities: 2,
  },
];

async function insertBanner(tx: Queryable, slot: string, name: string, subtitle: string, url: string | null) {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO banners (slot, name, subtitle, url, sort)
     SELECT $1::text, $2::text, $3::text, $4::text, COALESCE(max(sort) + 1, 0) FROM banners WHERE slot = $1::text
     RETURNING id`,
    [slot, name, subtitle, url],
  );
  if (row === undefined) throw new Error('banner not inserted');
  return row.id;
}

async function insertCampaign(tx: Queryable, c: CampaignSeed, sort: number): Promise<number> {
  const bannerId = c.banner === null ? null : await insertBanner(tx, 'campaign', c.banner[0], c.banner[1], null);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO campaigns (kind, title, subtitle, rules, banner_id, discount, sort, start_at, end_at)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, now() + $8::interval, now() + $9::interval) RETURNING id`,
    [c.kind, c.title, c.subtitle, [...c.rules], bannerId, c.discount, sort, c.from, c.to],
  );
  if (row === undefined) throw new Error('campaign not inserted');
  for (const [i, s] of c.sections.entries()) {
    const [section] = await tx.query<{ id: number }>(
      'INSERT INTO campaign_sections (campaign_id, name, describe, sort) VALUES ($1, $2, $3, $4) RETURNING id',
      [row.id, s.name, s.describe, i],
    );
    if (section === undefined) throw new Error('section not inserted');
    // Buyable goods of the section's categories (a top-level name takes its children), best sellers first.
    await tx.query(
      `INSERT INTO campaign_goods (campaign_id, goods_id, section_id, sort)
       SELECT $1, g.id, $2, row_number() OVER (ORDER BY g.sales DESC, g.id) FROM goods g
       JOIN categories c ON c.id = g.category_id LEFT JOIN categories p ON p.id = c.parent_id
       WHERE c.kind = 'normal' AND (c.name = ANY($3::text[]) OR p.name = ANY($3::text[])) AND g.is_buy = 1
         AND NOT EXISTS (SELECT 1 FROM campaign_goods x WHERE x.campaign_id = $1 AND x.goods_id = g.id)
       ORDER BY g.sales DESC, g.id LIMIT $4`,
      [row.id, section.id, [...s.categories], s.limit],
    );
  }
  if (c.activities > 0) {
    await tx.query(
      `INSERT INTO campaign_activities (campaign_id, activity_id, sort)
       SELECT $1, a.id, row_number() OVER (ORDER BY a.end_at, a.id) FROM activities a
       WHERE a.start_at <= now() AND a.end_at > now() AND a.type <> 'seckill'
       ORDER BY a.end_at, a.id LIMIT $2`,
      [row.id, c.activities],
    );
  }
  return row.id;
}

export async function seedCampaigns(tx: Queryable): Promise<void> {
  const cashback = await insertCampaign(tx, CASHBACK, 0);
  // The cashback covers every third buyable goods; the welfare sale another, disjoint fifth of them.
  await tx.query(
    `INSERT INTO campaign_goods (campaign_id, goods_id, sort)
     SELECT $1, id, row_number() OVER (ORDER BY sales DESC, id) FROM goods WHERE is_buy = 1 AND id % 3 = 0`,
    [cashback],
  );
  await tx.query(
    `INSERT INTO campaign_cashback_tiers (campaign_id, amount, cashback) VALUES ($1, 100000, 3000),
       ($1, 300000, 12000), ($1, 500000, 25000)`,
    [cashback],
  );
  const welfare = await insertCampaign(tx, WELFARE, 0);
  await tx.query(
    `INSERT INTO campaign_goods (campaign_id, goods_id, sort)
     SELECT $1, id, row_number() OVER (ORDER BY sales DESC, id) FROM goods WHERE is_buy = 1 AND id % 5 = 1`,
    [welfare],
  );
  const hub = await insertCampaign(tx, HUB, 0);
  const templates: number[] = [];
  for (const [i, t] of TEMPLATES.entries()) templates.push(await insertCampaign(tx, t, i));
  const [zoneA, zoneB, activityA, activityB] = templates;

  // The hub's banners (focus slot yyh) lead into its list and into a template.
  const [firstSection] = await tx.query<{ id: number }>(
    'SELECT id FROM campaign_sections WHERE campaign_id = $1 ORDER BY sort, id LIMIT 1',
    [hub],
  );
  await insertBanner(
    tx,
    'yyh',
    '好医汇 诊所采购专区',
    '常用处方药 慢病用药 诊疗耗材',
    `/yyh/list?section=${firstSection?.id ?? ''}`,
  );
  await insertBanner(tx, 'yyh', '换季感冒季 专题活动', '诊所备货 感冒咳嗽常备药', `/hdmb?id=${activityA}`);

  // The header's 满额返现 entry was a "coming soon" message; it leads to the page now.
  await tx.query("UPDATE nav SET url = '/hb' WHERE name = '满额返现'");
  // Top-right ads and home banners, so every campaign page is reached from the home page.
  await insertBanner(tx, 'right', '满额返现', '满1000返30', '/hb');
  await insertBanner(tx, 'right', '全场9.4折', '福利专场 限时', '/welfare');
  await insertBanner(tx, 'home', '全场9.4折 福利专场', '专场商品一律9.4折 加购即享', '/welfare');
  await insertBanner(tx, 'home', '好医汇 诊所采购专区', '基层诊所常用药 一站采购', '/yyh');
  await insertBanner(tx, 'home', '满额返现 确认收货即返', '满1000返30 满5000返250', '/hb');
  // The demo slot's template banners name their templates.
  await tx.query("UPDATE banners SET url = $1 WHERE slot = 'demo' AND url = '/hdmb'", [`/hdmb?id=${activityB}`]);
  await tx.query("UPDATE banners SET url = $1 WHERE slot = 'demo' AND url = '/zqmb'", [`/zqmb?id=${zoneA}`]);
  await insertBanner(tx, 'demo', '妇儿健康专区', '专区模板示例', `/zqmb?id=${zoneB}`);
}
