import { scryptSync } from 'node:crypto';
import type { SiteRow } from '../areas/user/store';
import type { GoodsRow } from '../lib/goods';
import { pinyinInitials } from '../lib/pinyin';
import { formatPasswordHash, SCRYPT_PARAMS } from '../lib/password';
import { GOODS_COUNT } from './goods-count';
import { Prng } from './prng';
import { scopeClassOf } from './scope-classes';
import { goodsFacetColumns } from './goods-classes';
import {
  brandDefs,
  makerPools,
  normalTree,
  products,
  qxTree,
  tagDefs,
  yxTree,
  zyOfNormal,
  zyTree,
  type CategoryDef,
  type ProductDef,
} from './catalogue';

export const DEFAULT_SEED = 20261122;

export interface SeedData {
  /** The site settings the user area reads (SiteRow), and what the seed alone writes. */
  site: SiteRow & { site_title: string; shipping_amount: number; no_trans_order_amount: number };
  accountManagers: { id: number; name: string; phone: string; is_default: number }[];
  companies: { id: number; name: string; address: string; account_manager_id: number | null; points: number }[];
  users: {
    id: number;
    company_id: number;
    username: string;
    password_hash: string;
    name: string;
    phone: string;
    message_count: number;
  }[];
  categories: { id: number; parent_id: number | null; kind: string; name: string; sort: number }[];
  brands: { id: number; name: string; sort: number }[];
  tags: { id: number; name: string; color: string; sort: number }[];
  /** The goods columns the store reads (GoodsRow), less what the seed derives elsewhere, plus the pinyin initials. */
  // COMPARE-01, COMPARE-05: the units and pack quantity are the unit_prices step's (seed/unit-prices.ts).
  goods: (Omit<
    GoodsRow,
    'ladder_price' | 'tags' | 'is_hm' | 'expire_date' | 'is_kx' | 'units_per_pack' | 'unit_word' | 'carton_qty'
  > & {
    name_py: string;
    sccj_py: string;
  })[];
  goodsCategories: { goods_id: number; category_id: number }[];
  goodsTags: { goods_id: number; tag_id: number; describe: string; is_show: number }[];
  ladderPrices: { id: number; goods_id: number; number: number; price: number }[];
  nav: { id: number; name: string; url: string | null; is_open: number; sort: number; image: string | null }[];
  hotWords: { id: number; name: string; url: string; sort: number }[];
  banners: { id: number; slot: string; name: string; subtitle: string; url: string | null; sort: number }[];
  helpCategories: { id: number; group_id: number; name: string; sort: number }[];
  articles: { id: number; help_category_id: number; title: string; content: string; sort: number }[];
  links: { id: number; name: string; url: string; sort: number }[];
  manjianTiers: { id: number; amount: number; reduce: number }[];
  discountTiers: { id: number; amount: number; discount: number }[];
}

/** Down to whole 10 fen, as price lists are written. */
const tenFen = (fen: number) => Math.max(10, fen - (fen % 10));
/** `percent` of `fen`, in integer arithmetic. */
const percentOf = (fen: number, percent: number) => Math.floor((fen * percent) / 100);

function buildCategories(): { rows: SeedData['categories']; idOf: Map<string, number> } {
  const rows: SeedData['categories'] = [];
  const idOf = new Map<string, number>();
  const add = (tree: CategoryDef[], kind: string) => {
    tree.forEach((top, i) => {
      const topId = rows.length + 1;
      rows.push({ id: topId, parent_id: null, kind, name: top.name, sort: i });
      idOf.set(top.key, topId);
      top.children.forEach((child, j) => {
        const id = rows.length + 1;
        rows.push({ id, parent_id: topId, kind, name: child.name, sort: j });
        idOf.set(child.key, id);
      });
    });
  };
  add(normalTree, 'normal');
  add(yxTree, 'yx');
  add(zyTree, 'zy');
  add(qxTree, 'qx');
  return { rows, idOf };
}

// Class II devices are registered by the province of their maker (苏械注准 for Jiangsu, ...).
const deviceProvince: Record<string, string> = {
  稳健医疗用品股份有限公司: '粤',
  振德医疗用品股份有限公司: '浙',
  河南省健琪医疗器械有限公司: '豫',
  江苏鱼跃医疗设备股份有限公司: '苏',
  海氏海诺集团有限公司: '鲁',
  山东利尔康医疗科技股份有限公司: '鲁',
  '3M中国有限公司': '沪',
  奥美医疗用品股份有限公司: '鄂',
  广东宝莱特医用科技股份有限公司: '粤',
  '欧姆龙(大连)有限公司': '辽',
  九安医疗电子股份有限公司: '津',
  三诺生物传感股份有限公司: '湘',
};

function approvalNumber(prng: Prng, kind: ProductDef['kind'], maker: string): string | null {
  switch (kind) {
    case 'H':
    case 'Z':
      return `国药准字${kind}${prng.pick(['1099', '1302', '1402', '2003', '2005', '2010', '2012', '2023', '4402'])}${prng.digits(4)}`;
    case 'Q':
      return `${deviceProvince[maker] ?? '国'}械注准20${prng.int(15, 24)}2${prng.pick(['14', '07', '22', '64'])}${prng.digits(4)}`;
    case 'S':
      // Herbal slices are sold without an approval number.
      return null;
  }
}

/** What every goods of the catalogue is drawn against: the category trees, brands, tags and pinyin. */
export interface CatalogueContext {
  categories: SeedData['categories'];
  category(key: string): number;
  yxOfNormal: ReadonlyMap<string, string>;
  brands: SeedData['brands'];
  brandOfMaker: ReadonlyMap<string, number>;
  tags: SeedData['tags'];
  tagId(name: string): number;
  /** Pinyin initials, remembered: a catalogue repeats its names and makers. */
  py(text: string): string;
}

export function catalogueContext(): CatalogueContext {
  const { rows: categories, idOf } = buildCategories();
  const yxOfNormal = new Map<string, string>();
  for (const top of yxTree)
    for (const [yx, normals] of Object.entries(top.from)) for (const n of normals) yxOfNormal.set(n, yx);
  const brandOfMaker = new Map<string, number>();
  brandDefs.forEach((b, i) => b.makers.forEach((m) => brandOfMaker.set(m, i + 1)));
  const tags = tagDefs.map((t, i) => ({ id: i + 1, name: t.name, color: t.color, sort: i }));
  const pinyinCache = new Map<string, string>();
  return {
    categories,
    category: (key) => {
      const id = idOf.get(key);
      if (id === undefined) throw new Error(`unknown category ${key}`);
      return id;
    },
    yxOfNormal,
    brands: brandDefs.map((b, i) => ({ id: i + 1, name: b.name, sort: i })),
    brandOfMaker,
    tags,
    tagId: (name) => tags.find((t) => t.name === name)?.id ?? 1,
    py: (text) => {
      let v = pinyinCache.get(text);
      if (v === undefined) {
        v = pinyinInitials(text);
        pinyinCache.set(text, v);
      }
      return v;
    },
  };
}

/** One goods to make: a product as one manufacturer makes it in one specification. */
export interface Candidate {
  product: ProductDef;
  maker: string;
  spec: string;
}

/** A goods with the rows that hang off it; ladder tiers without ids where the store numbers them. */
export interface GoodsRecord {
  goods: SeedData['goods'][number];
  categories: SeedData['goodsCategories'];
  tags: SeedData['goodsTags'];
  ladders: Omit<SeedData['ladderPrices'][number], 'id'>[];
}

/**
 * Draws goods `id` of `candidate`: its prices, ladder tiers, flags, stock, sales, categories and tags. The order
 * of the draws is part of the catalogue: changing it changes every goods after the first.
 */
export function goodsRecord(prng: Prng, ctx: CatalogueContext, id: number, candidate: Candidate): GoodsRecord {
  const { product, maker, spec } = candidate;
  const price = tenFen(prng.int(product.price[0], product.price[1]));
  const basePrice = tenFen(price + percentOf(price, prng.int(5, 35)));
  const isYoux = ctx.yxOfNormal.has(product.category) && prng.chance(22) ? 1 : 0;
  const isDpby = prng.chance(6) ? 1 : 0;
  const qgNumber = isDpby ? prng.pick([5, 10, 20, 30]) : 0;
  const ladderRoll = prng.int(0, 99);
  let ladderType = 0;
  const ladders: GoodsRecord['ladders'] = [];
  if (ladderRoll < 22) {
    // Upper-bound tiers: each price holds up to and including its quantity; the unit price is the first tier's.
    ladderType = 1;
    const a = prng.pick([4, 9, 19]);
    const b = prng.pick([49, 99]);
    ladders.push(
      { goods_id: id, number: a, price },
      { goods_id: id, number: b, price: tenFen(percentOf(price, 97)) },
      { goods_id: id, number: 99999, price: tenFen(percentOf(price, 93)) },
    );
  } else if (ladderRoll < 45) {
    // Minimum-quantity tiers: each price holds from its quantity upwards.
    const a = prng.pick([5, 10, 20]);
    ladders.push(
      { goods_id: id, number: a, price: tenFen(percentOf(price, 98)) },
      { goods_id: id, number: a * 5, price: tenFen(percentOf(price, 94)) },
    );
  }
  const goods: GoodsRecord['goods'] = {
    id,
    name: product.name,
    name_py: ctx.py(product.name),
    sccj: maker,
    sccj_py: ctx.py(maker),
    ypgg: spec,
    bzdw: product.unit,
    pzwh: approvalNumber(prng, product.kind, maker),
    ck_id: prng.chance(80) ? 1 : 2,
    category_id: ctx.category(product.category),
    brand_id: ctx.brandOfMaker.get(maker) ?? null,
    is_buy: prng.chance(3) ? 0 : 1,
    number: prng.chance(4) ? 0 : prng.int(30, 5000),
    is_youx: isYoux,
    type: product.kind === 'Z' || product.kind === 'S' ? 1 : 0,
    is_dpby: isDpby,
    qg_number: qgNumber,
    is_free_shipping: isDpby,
    free_shipping_number: qgNumber,
    base_price: basePrice,
    price,
    ladder_price_type: ladderType,
    sales: prng.int(0, 400) * prng.int(1, 50),
    // SCOPE-01: drawn from nothing, so the draws of every later goods stay as they were.
    scope_class: scopeClassOf(product),
    // FACET-02..04: drawn from nothing either.
    ...goodsFacetColumns(product),
  };
  const categories: GoodsRecord['categories'] = [{ goods_id: id, category_id: ctx.category(product.category) }];
  const yx = ctx.yxOfNormal.get(product.category);
  if (isYoux && yx !== undefined) categories.push({ goods_id: id, category_id: ctx.category(yx) });
  if (product.kind === 'Z' || product.kind === 'S') {
    categories.push({ goods_id: id, category_id: ctx.category(zyOfNormal[product.category] ?? 'zy-qt') });
  }
  if (product.qx !== undefined) categories.push({ goods_id: id, category_id: ctx.category(product.qx) });

  const goodsTagNames = new Set<string>();
  if (isYoux) goodsTagNames.add('优');
  if (ladderType === 1 || prng.chance(12)) goodsTagNames.add(prng.pick(['满', '特', '赠', '换购', '秒']));
  if (prng.chance(6)) goodsTagNames.add('新');
  const tags: GoodsRecord['tags'] = [];
  for (const name of goodsTagNames) {
    const def = tagDefs.find((t) => t.name === name);
    tags.push({ goods_id: id, tag_id: ctx.tagId(name), describe: def?.describe ?? '', is_show: 1 });
  }
  return { goods, categories, tags, ladders };
}

export function buildSeed(seed: number = DEFAULT_SEED): SeedData {
  const prng = new Prng(seed);
  const ctx = catalogueContext();

  // Every branded combination first, then generic ones drawn at random until the catalogue is full.
  const branded: Candidate[] = [];
  const generic: Candidate[] = [];
  for (const product of products) {
    for (const maker of product.makers ?? makerPools[product.kind]) {
      for (const spec of product.specs) (product.makers ? branded : generic).push({ product, maker, spec });
    }
  }
  const chosen = [...branded, ...prng.shuffle(generic)].slice(0, GOODS_COUNT);
  if (chosen.length < GOODS_COUNT) throw new Error('catalogue too small for the goods count');
  // Keep goods of one product together, as a catalogue lists them.
  const order = new Map(products.map((p, i) => [p, i]));
  chosen.sort((a, b) => (order.get(a.product) ?? 0) - (order.get(b.product) ?? 0));

  const goods: SeedData['goods'] = [];
  const goodsCategories: SeedData['goodsCategories'] = [];
  const goodsTags: SeedData['goodsTags'] = [];
  const ladderPrices: SeedData['ladderPrices'] = [];
  chosen.forEach((candidate, index) => {
    const record = goodsRecord(prng, ctx, index + 1, candidate);
    goods.push(record.goods);
    goodsCategories.push(...record.categories);
    goodsTags.push(...record.tags);
    for (const ladder of record.ladders) ladderPrices.push({ id: ladderPrices.length + 1, ...ladder });
  });

  const accountManagers = [
    { id: 1, name: '王丽', phone: '13816685201', is_default: 0 },
    { id: 2, name: '客服中心', phone: '4008201120', is_default: 1 },
  ];
  const companies = [
    {
      id: 1,
      name: '仁心大药房连锁有限公司',
      address: '浙江省杭州市西湖区文三路 388 号',
      account_manager_id: 1,
      points: 1280,
    },
    { id: 2, name: '康宁社区诊所', address: '江苏省南京市鼓楼区中山北路 105 号', account_manager_id: null, points: 0 },
  ];
  const hash = (password: string) => {
    // Demo accounts have public passwords, so a salt drawn from the seed's PRNG costs nothing and keeps the
    // seed reproducible; hashes made at run time use random salts.
    const salt = Buffer.from(Array.from({ length: 16 }, () => prng.next() & 0xff));
    return formatPasswordHash(salt, scryptSync(password, salt, SCRYPT_PARAMS.keylen, SCRYPT_PARAMS));
  };
  const users = [
    {
      id: 1,
      company_id: 1,
      username: 'demo',
      password_hash: hash('demo1234'),
      name: '李明',
      phone: '13905710001',
      message_count: 3,
    },
    {
      id: 2,
      company_id: 2,
      username: 'demo2',
      password_hash: hash('demo1234'),
      name: '陈静',
      phone: '13951620002',
      message_count: 0,
    },
  ];

  const navDefs: [string, string | null][] = [
    ['首页', '/'],
    ['优选专区', '/yx'],
    ['中药专区', '/zyyp'],
    ['器械专区', '/qxzq'],
    ['品牌专区', '/ppzq'],
    ['控销专区', '/kxzq'],
    ['每日特价', '/mrtj'],
    ['近效期专区', '/jxqzc'],
    ['领券中心', '/lqzx'],
    ['拼团专区', '/ptzq'],
    // Written before their pages existed: the points-mall and campaigns steps give these two their addresses, so a
    // store seeded earlier gains them too.
    ['积分商城', null],
    ['满额返现', '*满额返现活动筹备中，敬请期待'],
    ['组合购', '/zhzq'],
  ];
  // SHELL-19: every link has its picture for the side nav, drawn by the upstream from its name.
  const nav = navDefs.map(([name, url], i) => ({
    id: i + 1,
    name,
    url,
    is_open: 0,
    sort: i,
    image: `/api/images/nav/${i + 1}.svg`,
  }));

  // SEARCH-14: each hot word leads to the search of its word, at the address the search page reads (`keyword`).
  const hotWords = [
    '连花清瘟',
    '布洛芬',
    '阿莫西林',
    '医用外科口罩',
    '感冒灵',
    '板蓝根',
    '电子血压计',
    '维生素C',
    '奥美拉唑',
    '阿胶',
  ].map((name, i) => ({ id: i + 1, name, url: `/search?keyword=${encodeURIComponent(name)}`, sort: i }));

  const bannerDefs: [string, string, string, string | null][] = [
    ['home', '连花清瘟 品牌周', '以岭药业官方授权 满3000减150', '/ppzq/info/2'],
    ['home', '优选专区 满800包邮', '精选常备药 一件也包邮', '/yx'],
    ['home', '秋冬感冒季', '感冒灵 板蓝根 布洛芬 低至8折', '/list?select=1'],
    ['home', '器械特惠节', '血压计 血糖仪 口罩 限时直降', '/qxzq'],
    ['home', '道地药材 源头直供', '枸杞 当归 黄芪 三七 产地直发', '/zyyp'],
    ['top', '新会员专享 首单满299立减30', '注册即领新人券包', '/lqzx'],
    ['right', '领券中心', '每日10点 整点抢券', '/lqzx'],
    ['right', '积分商城', '积分兑好礼', '/jfsc'],
    ['login', '正品保障 极速配送', '全国药品批发采购平台', null],
    ['xrtj', '新人推荐 感冒灵颗粒', '新客专享价', '/list/info/1'],
    ['xrtj', '新人推荐 医用外科口罩', '满额包邮', '/qxzq'],
    ['xrtj', '新人推荐 维生素C片', '爆款直降', '/list?select=21'],
    ['ppzq', '999 品牌专场', '华润三九 全场满减', '/ppzq/info/1'],
    ['ppzq', '云南白药 品牌专场', '气雾剂 胶囊 限时特惠', '/ppzq/info/3'],
    ['ppzq', '同仁堂 品牌专场', '百年老字号', '/ppzq/info/4'],
    ['kxzq', '控销专区', '区域独家 利润保障', '/kxzq'],
    ['kxzq', '控销新品', '高毛利品种推荐', '/kxzq/new'],
    ['new_kxzq', '控销精选', '门店动销好品', '/kxzq/new'],
    ['new_kxzq', '控销返利', '进货越多返利越多', '/kxzq/new'],
    ['kxzq_ad', '控销专区 限时返利', '满5000返200', '/kxzq'],
    ['kxzq_ad', '控销专区 新品首发', '首批进货享特价', '/kxzq/new'],
    ['zyzq', '中药专区', '道地药材 品质保障', '/zyyp'],
    ['zyzq', '滋补养生', '阿胶 西洋参 枸杞', '/zyyp'],
    ['yx', '优选专区', '单品包邮 放心采购', '/yx'],
    ['yx', '优选规则', '了解包邮规则', '/yx/rule'],
    ['demo', '活动模板', '专题活动示例', '/hdmb'],
    ['demo', '活动模板 二', '专题活动示例', '/zqmb'],
  ];
  const slotSort = new Map<string, number>();
  const banners = bannerDefs.map(([slot, name, subtitle, url], i) => {
    const sort = slotSort.get(slot) ?? 0;
    slotSort.set(slot, sort + 1);
    return { id: i + 1, slot, name, subtitle, url, sort };
  });

  const helpDefs: [string, [string, string][]][] = [
    [
      '新手指南',
      [
        ['会员注册', '填写企业名称、联系人和手机号，上传《药品经营许可证》《营业执照》等资质，审核通过后即可采购。'],
        ['购物指南', '搜索或按分类找到商品，选择数量加入购物车，确认收货地址后提交订单并在线支付。'],
        ['安全用药', '请按说明书或在药师指导下使用药品；处方药须凭处方销售。'],
      ],
    ],
    [
      '服务保障',
      [
        ['网站资质', '本平台持有《互联网药品信息服务资格证书》，所售商品均来自合法渠道。'],
        ['用户协议', '使用本平台即表示您同意遵守平台用户协议及相关法律法规。'],
        ['专属客服', '每家会员企业均配有专属客服，工作日 8:30-18:00 在线服务。'],
      ],
    ],
    [
      '关于我们',
      [
        ['投诉建议', '如对商品或服务不满意，请拨打投诉热线或在意见反馈中留言，我们将在 24 小时内回复。'],
        ['联系我们', '客服热线 400-820-1120，地址：浙江省杭州市滨江区江南大道 3588 号。'],
      ],
    ],
    [
      '支付配送',
      [
        ['订单支付', '支持账户余额、账期支付（已开通账期的企业）和对公转账；微信支付、支付宝开通后可在支付页选择。'],
        ['货物配送', '订单满 800 元包邮，江浙沪地区次日达，其他地区 2-4 日送达。'],
        ['药品退换货', '药品为特殊商品，除质量问题外不予退换；质量问题请在签收后 7 日内申请。'],
      ],
    ],
  ];
  const helpCategories: SeedData['helpCategories'] = [];
  const articles: SeedData['articles'] = [];
  helpDefs.forEach(([name, items], i) => {
    const hcId = i + 1;
    helpCategories.push({ id: hcId, group_id: 3, name, sort: i });
    items.forEach(([title, content], j) => {
      articles.push({ id: articles.length + 1, help_category_id: hcId, title, content, sort: j });
    });
  });

  const links = [
    ['国家药品监督管理局', 'https://www.nmpa.gov.cn/'],
    ['国家卫生健康委员会', 'https://www.nhc.gov.cn/'],
    ['国家医疗保障局', 'https://www.nhsa.gov.cn/'],
    ['中国医药商业协会', 'https://www.capc.org.cn/'],
    ['中国执业药师协会', 'https://www.clponline.cn/'],
  ].map(([name, url], i) => ({ id: i + 1, name: name ?? '', url: url ?? '', sort: i }));

  return {
    site: {
      site_title: '药采通医药采购平台',
      hot_line: '400-820-1120',
      qq1: '800820112',
      qq2: '800820113',
      quality_inspection_url: null,
      quality_inspection_msg: '如需药检报告，请联系您的专属客服索取',
      is_can_chat: 0,
      login_url: '/login',
      // SHELL-08: no chat service in development (each deployment sets its own address); the social account's code
      // leads to the marketplace itself until an operator sets the 公众号's follow link.
      chat_url: null,
      social_account_name: '药采通服务号',
      social_account_url: 'http://localhost:4000/',
      shipping_amount: 80000,
      no_trans_order_amount: 0,
    },
    accountManagers,
    companies,
    users,
    categories: ctx.categories,
    brands: ctx.brands,
    tags: ctx.tags,
    goods,
    goodsCategories,
    goodsTags,
    ladderPrices,
    nav,
    hotWords,
    banners,
    helpCategories,
    articles,
    links,
    manjianTiers: [
      { id: 1, amount: 30000, reduce: 1000 },
      { id: 2, amount: 50000, reduce: 2500 },
      { id: 3, amount: 100000, reduce: 6000 },
    ],
    discountTiers: [
      { id: 1, amount: 80000, discount: 98 },
      { id: 2, amount: 200000, discount: 95 },
    ],
  };
}
