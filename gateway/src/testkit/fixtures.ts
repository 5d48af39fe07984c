import { cartListAnswer, priceLine } from '@pharma/domain/cart-pricing';
import { orderAmounts } from '@pharma/domain/order-amounts';
import type { Schemas } from '../rest/client';
import type { CombinationGroupMapper } from '../domains/goods/mappers';
import type { AddressMapper, SiteConfigMapper, UserMapper, WalletLogEntryMapper } from '../domains/user/mappers';
import type { CartLineMapper, CartMapper } from '../domains/cart/mappers';
import type { CouponMapper, CouponOptionMapper } from '../domains/coupons/mappers';
import type {
  OrderAmountsMapper,
  OrderLineMapper,
  OrderMapper,
  OrderPreviewMapper,
  PaymentMapper,
} from '../domains/orders/mappers';
import type { DrawPrizeMapper, DrawRecordMapper, LuckyDrawMapper } from '../domains/draw/mappers';
import type { BankTransferMapper } from '../domains/payments/mappers';
import type { ReturnGoodsMapper, ReturnRequestMapper } from '../domains/returns/mappers';

// Every fixture is a whole answer as upstream/openapi.yaml describes it: the gateway decodes each answer against
// that description, so a fixture missing a required field would be refused like a broken upstream.

/** A builder of one REST answer: fresh defaults on each call (nothing shared between tests), the test's fields over them. */
const fixture =
  <T>(defaults: () => T) =>
  (overrides: Partial<T> = {}): T => ({ ...defaults(), ...overrides });

/** A goods as the REST API answers it; money in fen. */
export const goods = fixture<Schemas['Goods']>(() => ({
  id: 1,
  name: '感冒灵颗粒',
  sccj: '华润三九医药股份有限公司',
  ypgg: '10g*9袋',
  bzdw: '盒',
  pzwh: '国药准字Z44021940',
  ck_id: 1,
  goods_image: ['https://img.example.com/1.jpg'],
  is_buy: 1,
  number: 500,
  is_youx: 0,
  type: 0,
  is_dpby: 0,
  qg_number: 0,
  is_free_shipping: 0,
  free_shipping_number: 0,
  base_price: 1500,
  price: 1250,
  ladder_price: [],
  ladder_price_type: 2,
  tags: [],
  category_id: 1,
  brand_id: null,
  sales: 0,
  is_hm: 0,
  expire_date: null,
  is_kx: 0,
  scope_class: 'PATENT',
  dosage_form: '颗粒剂',
  rx_class: 'OTC_A',
  is_yb: 1,
}));

const SITE = {
  common_config: { hot_line: '400-800-8888', qq1: '10001', qq2: '10002' },
  quality_inspection: { quality_inspection_url: 'https://qc.example.com', msg: null },
};

export const buyer = fixture<UserMapper>(() => ({
  show: 1,
  id: 7,
  username: 'demo',
  name: '张三',
  phone: '13800000000',
  company: '仁心大药房',
  face: null,
  rank: 1,
  points: 120,
  message_count: 3,
  admin: { name: '李经理', phone: '13900000000', is_default: 0 },
  address: '',
  is_passed: 1,
  wechat: null,
  login_url: '',
  is_show_youx: 1,
  is_special: 0,
  ywy: null,
  customer: null,
  ...SITE,
  is_can_chat: 1,
  cart: 0,
  token: 'buyer-token',
  is_AfterSale: '0',
  timestamp: 1_795_000_000,
}));

export function visitor(overrides: Partial<Schemas['VisitorBase']> = {}): SiteConfigMapper {
  return {
    show: 0,
    common_config: { hot_line: '400-800-8888', qq1: '10001', qq2: '' },
    quality_inspection: { quality_inspection_url: null, msg: '质检报告整理中' },
    is_can_chat: 0,
    timestamp: 1_795_000_000,
    ...overrides,
  };
}

/** What a test says of a cart line: the stored line; the fixture prices it as the upstream does. */
export type CartLineInput = Partial<Omit<CartLineMapper, 'goods'>>;

/**
 * A line of GET /api/cart/list, priced the way the upstream prices it (CART-22): `price` is the unit price for the
 * number (ladder applied), with `total`, `is_available` and the hints from @pharma/domain/cart-pricing.
 */
export function cartLine(
  overrides: CartLineInput = {},
  goodsOverrides: Partial<Schemas['Goods']> = {},
): CartLineMapper {
  const stored: CartLineMapper = {
    id: 100,
    number: 1,
    price: 1250,
    raw_price: 1250,
    total: 1250,
    is_selected: 1,
    is_available: 1,
    next_tier_hint: null,
    free_shipping_hint: null,
    type: 0,
    goods_type: 0,
    combination_id: 0,
    group_buy_id: 0,
    is_expired: 0,
    combination: null,
    group_buy: null,
    goods_manjian_amount: 0,
    goods_manjian_hint: null,
    with_coupon: 1,
    gift_data: { total: 0, type: 0 },
    gift_goods: null,
    promotion: null,
    promotion_note: null,
    exchange_offer: null,
    key: '1_0_0_0_0_0_0_0',
    goods_price_id: 0,
    ladder_price_id: 0,
    goods_manjian_id: 0,
    is_yj: 0,
    goods: goods(goodsOverrides),
    ...overrides,
  };
  if (overrides.type !== undefined && overrides.goods_type === undefined) stored.goods_type = overrides.type;
  // The fixture's line is priced alone: an add-on purchase it names is never unlocked here.
  const priced = priceLine(stored);
  return {
    ...stored,
    price: priced.unitPrice,
    total: priced.total,
    is_selected: priced.selected ? 1 : 0,
    is_available: priced.available ? 1 : 0,
    next_tier_hint: priced.nextTierHint,
    free_shipping_hint: priced.freeShippingHint,
    with_coupon: priced.withCoupon ? 1 : 0,
    goods_manjian_amount: priced.manjianAmount,
    goods_manjian_hint: priced.manjianHint,
    promotion: priced.promotion,
    promotion_note: priced.note,
  };
}

/** The shipping settings and promotion tiers of a cart, as the upstream stores them. */
export interface CartSettings {
  user_id?: number;
  shipping_data?: Schemas['CartShipping'];
  activity_data?: {
    manjians?: { id?: number; amount: number; reduce: number }[];
    discounts?: { id?: number; amount: number; discount: number }[];
  };
}

/** GET /api/cart/list of buyer 7 holding `lines`, summed and with its tiers judged as the upstream does (CART-22). */
export function cartList(lines: CartLineMapper[], settings: CartSettings = {}): CartMapper {
  const priced = lines.map((line) => priceLine(line));
  const manjians = settings.activity_data?.manjians ?? [];
  const discounts = settings.activity_data?.discounts ?? [];
  return cartListAnswer(priced, {
    // PRICE-09: what checkout would charge, as the upstream computes it (no freight in these fixtures).
    amounts: orderAmounts({ lines: priced, manjians, discounts, shipping: settings.shipping_data, freightFee: 0 }),
    user_id: settings.user_id ?? 7,
    data: lines,
    shipping_data: settings.shipping_data ?? { shipping_amount: 0, no_trans_order_amount: 0 },
    // Tiers a test writes without ids get them in order, as the upstream's table would.
    manjians: (settings.activity_data?.manjians ?? []).map((t, i) => ({ id: i + 1, ...t })),
    discounts: (settings.activity_data?.discounts ?? []).map((t, i) => ({ id: i + 1, ...t })),
  });
}

/** A goods' running 满减 as GET /api/goods/activities answers it; an activity read by itself adds its goods count. */
export const activity = fixture<Schemas['Activity']>(() => ({
  id: 1,
  type: 'manjian',
  type_name: '满减',
  name: '满300减20',
  describe: '本品满300元立减20元',
  threshold: 30000,
  reduce: 2000,
  discount: null,
  price: null,
  gift_goods_id: null,
  gift_goods_name: null,
  gift_number: null,
  start_at: '2026-11-15T00:00:00.000Z',
  end_at: '2026-12-22T00:00:00.000Z',
  status: 1,
}));

/** A bundle (组合购, type 2) of two goods as GET /api/combinationMzhgGroup lists it: a set price, no gift. */
export const combinationGroup = fixture<CombinationGroupMapper>(() => ({
  id: 4,
  type: 2,
  name: '白云山组合装',
  describe: '组合购买享9折',
  threshold: null,
  gift_goods_id: null,
  gift_goods_name: null,
  gift_number: null,
  goods_count: 2,
  set_price: 4410,
  original_price: 4900,
  start_at: '2026-11-19T12:00:00.000Z',
  end_at: '2027-01-21T12:00:00.000Z',
}));

/** Where buyer 7's goods go: the same place in the address book and on an order. */
export const SHIP_TO = {
  consignee: '王五',
  phone: '13712345678',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  address: '体育西路1号',
};

export const address = fixture<AddressMapper>(() => ({ id: 31, ...SHIP_TO, is_default: 1 }));

export const coupon = fixture<CouponMapper>(() => ({
  id: 51,
  coupon_id: 5,
  name: '满300减30',
  type: 1,
  amount: 3000,
  discount: 100,
  min_amount: 30000,
  start_at: '2026-11-01T00:00:00.000Z',
  end_at: '2026-12-31T15:59:59.000Z',
  status: 0,
}));

export function couponOption(
  usable: boolean,
  overrides: Partial<CouponMapper> = {},
  reason?: string,
): CouponOptionMapper {
  const held = coupon(overrides);
  return {
    ...held,
    usable: usable ? 1 : 0,
    reason: reason ?? null,
    deduct: usable && held.type === 1 ? held.amount : 0,
  };
}

export const amounts = fixture<OrderAmountsMapper>(() => ({
  goods_amount: 36000,
  goods_manjian_amount: 0,
  manjian_amount: 3000,
  discount_amount: 0,
  coupon_amount: 0,
  freight_amount: 1000,
  pay_amount: 34000,
}));

export const order = fixture<OrderMapper>(() => ({
  id: 900,
  order_sn: 'SO202611220001',
  status: 0,
  status_text: '待付款',
  amounts: amounts(),
  need_receipt: 0,
  receipt_done: 0,
  address: { ...SHIP_TO },
  remark: '',
  invoice_type: 0,
  user_coupon_id: null,
  pay_method: null,
  paid_at: null,
  shipped_at: null,
  received_at: null,
  cancelled_at: null,
  created_at: '2026-11-22T10:30:00.000Z',
  coupon_name: null,
  return_count: 0,
  can_return: 0,
  transfer: null,
  lines: [orderLine()],
  // The detail's (and every change's) timeline and shipment; a list's orders carry them too, harmlessly.
  events: [{ kind: 'placed', note: '', created_at: '2026-11-22T10:30:00.000Z' }],
  shipment: null,
}));

/** A line of an order as the REST API answers it; money in fen. */
export const orderLine = fixture<OrderLineMapper>(() => ({
  id: 5001,
  goods_id: 1,
  name: '感冒灵颗粒',
  sccj: '华润三九医药股份有限公司',
  ypgg: '10g*9袋',
  bzdw: '盒',
  goods_image: 'https://img.example.com/1.jpg',
  number: 30,
  price: 1200,
  total: 36000,
  combination: null,
  group_buy_id: null,
  promotion: null,
  activity_id: null,
  is_gift: 0,
  manjian_amount: 0,
  batches: [{ batch_id: 71, batch_no: '25031201', produced_on: '2025-03-12', expires_on: '2027-03-11', number: 30 }],
}));

/** The bought goods of the default order line, as a return and the after-sales page name them. */
export function returnGoods(overrides: Partial<ReturnGoodsMapper> = {}): ReturnGoodsMapper {
  const { id, goods_id, name, sccj, ypgg, bzdw, goods_image, price, number } = orderLine();
  return { id, goods_id, name, sccj, ypgg, bzdw, goods_image, price, number, ...overrides };
}

/** A refunded return of 2 of the default order line, with one photo, as GET /api/return/{id} answers it. */
export const returnRequest = fixture<ReturnRequestMapper>(() => ({
  id: 31,
  order_id: 900,
  order_sn: '2026112200000900',
  line: returnGoods({ goods_image: '' }),
  number: 2,
  reason: '商品破损',
  description: '',
  refund_amount: 2160,
  status: 4,
  status_text: '已退款',
  refusal: null,
  photos: [{ id: 77, name: '破损.jpg', mime: 'image/jpeg' }],
  created_at: '2026-11-24T02:00:00.000Z',
  approved_at: '2026-11-24T05:00:00.000Z',
  refused_at: null,
  received_at: '2026-11-25T02:00:00.000Z',
  refunded_at: '2026-11-25T03:00:00.000Z',
  batch: null,
}));

export const checkout = fixture<OrderPreviewMapper>(() => ({
  lines: [cartLine({ id: 100, number: 30, price: 1250 }, { ladder_price: [{ number: 20, price: 1200 }] })],
  amounts: amounts(),
  need_receipt: 0,
  best_coupon_id: null,
  user_coupon_id: null,
  addresses: [address({ id: 30, is_default: 0, consignee: '赵六' }), address()],
  coupons: [
    couponOption(true),
    couponOption(false, { id: 52, name: '满500减50', amount: 5000, min_amount: 50000 }, '还差¥140.00可用'),
  ],
}));

export const payInfo = fixture<PaymentMapper>(() => ({
  order: order(),
  balance: 100000,
  methods: [
    { code: 'balance', name: '余额支付', enabled: 1 },
    { code: 'transfer', name: '对公转账', enabled: 1 },
    { code: 'wechat', name: '微信支付', enabled: 0 },
    { code: 'alipay', name: '支付宝', enabled: 0 },
  ],
  bank_account: {
    name: '药采通医药采购平台（演示账户）',
    bank: '中国工商银行（演示）',
    account: '6212 0000 0000 0000 000',
  },
}));

/** A bank transfer slip of an order as the REST API answers it (PAY-06). */
export const bankTransfer = fixture<BankTransferMapper>(() => ({
  id: 61,
  status: 'pending',
  status_text: '待确认',
  amount: 34000,
  file_id: 81,
  payer_name: '康宁大药房',
  remark: '',
  reject_reason: null,
  created_at: '2026-11-22T11:00:00.000Z',
  decided_at: null,
}));

export const walletEntry = fixture<WalletLogEntryMapper>(() => ({
  id: 71,
  amount: -34000,
  balance_after: 66000,
  use_type: 2,
  remark: '订单SO202611220001',
  order_id: 900,
  created_at: '2026-11-22 18:45:00',
}));

/** A prize of a lucky draw as the REST API answers it. */
export const drawPrize = fixture<DrawPrizeMapper>(() => ({
  id: 11,
  name: '满300减30优惠券',
  remarks: '中奖后自动放入我的优惠券',
  image: 'https://img.example.com/prize-11.svg',
  is_prize: 1,
  sold_out: 0,
}));

/** The consolation entry of a lucky draw: it wins nothing. */
export function consolationPrize(overrides: Partial<DrawPrizeMapper> = {}): DrawPrizeMapper {
  return drawPrize({ id: 19, name: '谢谢参与', remarks: null, image: null, is_prize: 0, ...overrides });
}

/** A buyer's draw as the REST API answers it. */
export const drawRecord = fixture<DrawRecordMapper>(() => ({
  id: 301,
  draw_id: 3,
  draw_name: '双十二采购抽奖',
  prize: drawPrize(),
  name: drawPrize().name,
  remarks: drawPrize().remarks,
  created_at: '2026-12-12T02:30:00.000Z',
}));

/** A running lucky draw as GET /api/draw/{id}/activity answers it to a buyer who has not drawn. */
export const drawActivity = fixture<LuckyDrawMapper>(() => ({
  id: 3,
  name: '双十二采购抽奖',
  remarks: '活动期间每位会员可抽奖一次，优惠券奖品即时到账。',
  start_at: '2026-12-01T00:00:00.000Z',
  end_at: '2026-12-31T15:59:59.000Z',
  status: 1,
  prizes: [drawPrize(), consolationPrize()],
  is_join: 0,
  my_record: null,
}));

/** A REST paging answer holding `items` as its one page. */
export function page<T>(items: T[], overrides: Partial<Omit<Schemas['Page'], 'data'>> = {}) {
  return { current_page: 1, per_page: 20, total: items.length, last_page: 1, data: items, ...overrides };
}
