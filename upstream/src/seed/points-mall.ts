import type { Queryable } from '../db/db';

/**
 * The points-mall seed step: the goods of /jfsc, priced so that demo's company (1,280 points) can afford the small
 * ones and not the blood-pressure monitor; one sold out and one off the shelf. Pictures are drawn by
 * /api/images/points/{id}.svg. The header's 积分商城 link, left without a target while the mall did not exist,
 * now leads to it.
 */

interface SeedPointsGoods {
  name: string;
  points: number;
  stock: number;
  limit: number | null;
  description: string;
  onShelf?: 0 | 1;
}

const GOODS: readonly SeedPointsGoods[] = [
  {
    name: '医用外科口罩（50只/盒）',
    points: 150,
    stock: 500,
    limit: 10,
    description: '三层防护，细菌过滤效率≥95%，独立包装，适合门店员工日常佩戴。',
  },
  {
    name: '电子体温计',
    points: 200,
    stock: 120,
    limit: 5,
    description: '软头测温，约60秒出结果，带发烧提示与记忆功能，附纽扣电池。',
  },
  {
    name: '收银热敏纸（57×50mm，10卷）',
    points: 60,
    stock: 300,
    limit: 20,
    description: '门店收银机通用规格，打印清晰不易褪色。',
  },
  {
    name: '家庭医药箱（三层收纳）',
    points: 880,
    stock: 60,
    limit: 2,
    description: '手提式三层收纳，带分隔格与锁扣，可作门店陈列或赠送会员。',
  },
  {
    name: '75%酒精消毒液（500ml）',
    points: 90,
    stock: 400,
    limit: 10,
    description: '乙醇含量75%，用于皮肤及物体表面消毒，按压喷头。',
  },
  {
    name: '一次性医用检查手套（100只/盒）',
    points: 260,
    stock: 200,
    limit: 10,
    description: '丁腈材质，无粉，左右手通用，M码。',
  },
  {
    name: '药店价签条（100张）',
    points: 40,
    stock: 1000,
    limit: null,
    description: '货架卡槽通用，可手写或打印，含促销红签20张。',
  },
  {
    name: '指夹式血氧仪',
    points: 1180,
    stock: 40,
    limit: 1,
    description: '测量血氧饱和度与脉率，OLED显示屏，附挂绳与电池。',
  },
  {
    name: '上臂式电子血压计',
    points: 6800,
    stock: 20,
    limit: 1,
    description: '全自动加压测量，大屏显示，双人各60组记忆，附电源适配器。',
  },
  {
    name: '超市购物卡（100元）',
    points: 9800,
    stock: 30,
    limit: 2,
    description: '全国连锁超市通用实体卡，随积分订单寄出，有效期三年。',
  },
  {
    name: '加油卡充值券（200元）',
    points: 19600,
    stock: 15,
    limit: 1,
    description: '兑换后由客服在3个工作日内联系充值到贵司指定加油卡。',
  },
  {
    name: '不锈钢保温杯（500ml）',
    points: 450,
    stock: 0,
    limit: 1,
    description: '316不锈钢内胆，保温12小时。本期已兑完，补货后上架。',
  },
  {
    name: '电动牙刷（声波款）',
    points: 2200,
    stock: 25,
    limit: 1,
    description: '声波震动，三档模式，USB充电。',
    onShelf: 0,
  },
];

export async function seedPointsMall(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO points_goods (name, points, stock, per_buyer_limit, description, on_shelf, sort)
     SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::text[], $6::int[], $7::int[])`,
    [
      GOODS.map((g) => g.name),
      GOODS.map((g) => g.points),
      GOODS.map((g) => g.stock),
      GOODS.map((g) => g.limit),
      GOODS.map((g) => g.description),
      GOODS.map((g) => g.onShelf ?? 1),
      GOODS.map((_g, i) => (i + 1) * 10),
    ],
  );
  await tx.query("UPDATE points_goods SET image = '/api/images/points/' || id || '.svg' WHERE image IS NULL");
  // The goods that earlier points orders of the wallet seed were exchanged for are now these goods.
  await tx.query(
    'UPDATE points_orders o SET goods_id = g.id FROM points_goods g WHERE o.goods_id IS NULL AND o.goods_name = g.name',
  );
  await tx.query(
    `INSERT INTO points_goods_taken (goods_id, user_id, quantity)
     SELECT goods_id, user_id, sum(quantity)::int FROM points_orders WHERE goods_id IS NOT NULL AND status <> 3
     GROUP BY goods_id, user_id ON CONFLICT DO NOTHING`,
  );
  await tx.query("UPDATE nav SET url = '/jfsc' WHERE name = '积分商城' AND url IS NULL");
}
