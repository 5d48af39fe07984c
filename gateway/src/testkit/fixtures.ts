import type { GoodsDto } from '../domains/goods/rest';
import type { AddressDto, BuyerDto, UserBaseDto, WalletLogDto } from '../domains/user/rest';
import type { CartLineDto, CartListDto } from '../domains/cart/rest';
import type { CouponDto, CouponOptionDto } from '../domains/coupons/rest';
import type { AmountsDto, CheckoutDto, OrderDto, PayInfoDto } from '../domains/orders/rest';
import type { DrawActivityDto, DrawPrizeDto, DrawRecordDto } from '../domains/draw/rest';
import type { PageDto } from '../paging';

/** A goods as the REST API answers it; money in fen. */
export function goods(overrides: Partial<GoodsDto> = {}): GoodsDto {
  return {
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
    ...overrides,
  };
}

export function buyer(overrides: Partial<BuyerDto> = {}): BuyerDto {
  return {
    show: 1,
    id: 7,
    username: 'demo',
    name: '张三',
    phone: '13800000000',
    company: '仁心大药房',
    face: null,
    points: 120,
    message_count: 3,
    admin: { name: '李经理', phone: '13900000000', is_default: 0 },
    common_config: { hot_line: '400-800-8888', qq1: '10001', qq2: '10002' },
    quality_inspection: { quality_inspection_url: 'https://qc.example.com', msg: null },
    is_can_chat: 1,
    timestamp: 1_795_000_000,
    ...overrides,
  };
}

export function visitor(): UserBaseDto {
  return {
    show: 0,
    common_config: { hot_line: '400-800-8888', qq1: '10001', qq2: '' },
    quality_inspection: { quality_inspection_url: null, msg: '质检报告整理中' },
    is_can_chat: 0,
  };
}

export function cartLine(overrides: Partial<CartLineDto> = {}, goodsOverrides: Partial<GoodsDto> = {}): CartLineDto {
  return {
    id: 100,
    number: 1,
    price: 1250,
    is_selected: 1,
    type: 0,
    with_coupon: 1,
    goods: goods(goodsOverrides),
    ...overrides,
  };
}

export function cartList(lines: CartLineDto[], overrides: Partial<Omit<CartListDto, 'data'>> = {}): CartListDto {
  return {
    data: lines,
    shipping_data: { shipping_amount: 0, no_trans_order_amount: 0 },
    activity_data: { manjians: [], discounts: [] },
    ...overrides,
  };
}

export function address(overrides: Partial<AddressDto> = {}): AddressDto {
  return {
    id: 31,
    consignee: '王五',
    phone: '13712345678',
    province: '广东省',
    city: '广州市',
    district: '天河区',
    address: '体育西路1号',
    is_default: 1,
    ...overrides,
  };
}

export function coupon(overrides: Partial<CouponDto> = {}): CouponDto {
  return {
    id: 51,
    coupon_id: 5,
    name: '满300减30',
    type: 1,
    amount: 3000,
    discount: null,
    min_amount: 30000,
    start_at: '2026-11-01T00:00:00.000Z',
    end_at: '2026-12-31T15:59:59.000Z',
    status: 0,
    ...overrides,
  };
}

export function couponOption(usable: boolean, overrides: Partial<CouponDto> = {}, reason?: string): CouponOptionDto {
  return { ...coupon(overrides), usable: usable ? 1 : 0, reason: reason ?? null };
}

export function amounts(overrides: Partial<AmountsDto> = {}): AmountsDto {
  return {
    goods_amount: 36000,
    manjian_amount: 3000,
    discount_amount: 0,
    coupon_amount: 0,
    freight_amount: 1000,
    pay_amount: 34000,
    ...overrides,
  };
}

export function order(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 900,
    order_sn: 'SO202611220001',
    status: 0,
    status_text: '待付款',
    amounts: amounts(),
    need_receipt: 0,
    receipt_done: 0,
    address: {
      consignee: '王五',
      phone: '13712345678',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      address: '体育西路1号',
    },
    remark: null,
    invoice_type: 0,
    user_coupon_id: null,
    pay_method: null,
    paid_at: null,
    created_at: '2026-11-22T10:30:00.000Z',
    lines: [
      {
        goods_id: 1,
        name: '感冒灵颗粒',
        sccj: '华润三九医药股份有限公司',
        ypgg: '10g*9袋',
        bzdw: '盒',
        goods_image: ['https://img.example.com/1.jpg'],
        number: 30,
        price: 1200,
        total: 36000,
      },
    ],
    ...overrides,
  };
}

export function checkout(overrides: Partial<CheckoutDto> = {}): CheckoutDto {
  return {
    lines: [cartLine({ id: 100, number: 30, price: 1250 }, { ladder_price: [{ number: 20, price: 1200 }] })],
    amounts: amounts(),
    need_receipt: 0,
    addresses: [address({ id: 30, is_default: 0, consignee: '赵六' }), address()],
    coupons: [
      couponOption(true),
      couponOption(false, { id: 52, name: '满500减50', amount: 5000, min_amount: 50000 }, '还差¥140.00可用'),
    ],
    ...overrides,
  };
}

export function payInfo(overrides: Partial<PayInfoDto> = {}): PayInfoDto {
  return {
    order: order(),
    balance: 100000,
    methods: [
      { code: 'balance', name: '余额支付', enabled: 1 },
      { code: 'wechat', name: '微信支付', enabled: 0 },
      { code: 'alipay', name: '支付宝', enabled: 0 },
    ],
    ...overrides,
  };
}

export function walletEntry(overrides: Partial<WalletLogDto> = {}): WalletLogDto {
  return {
    id: 71,
    amount: -34000,
    balance_after: 66000,
    use_type: 2,
    remark: '订单SO202611220001',
    order_id: 900,
    created_at: '2026-11-22 18:45:00',
    ...overrides,
  };
}

/** A prize of a lucky draw as the REST API answers it. */
export function drawPrize(overrides: Partial<DrawPrizeDto> = {}): DrawPrizeDto {
  return {
    id: 11,
    name: '满300减30优惠券',
    remarks: '中奖后自动放入我的优惠券',
    image: 'https://img.example.com/prize-11.svg',
    is_prize: 1,
    sold_out: 0,
    ...overrides,
  };
}

/** The consolation entry of a lucky draw: it wins nothing. */
export function consolationPrize(overrides: Partial<DrawPrizeDto> = {}): DrawPrizeDto {
  return drawPrize({ id: 19, name: '谢谢参与', remarks: null, image: null, is_prize: 0, ...overrides });
}

/** A buyer's draw as the REST API answers it. */
export function drawRecord(overrides: Partial<DrawRecordDto> = {}): DrawRecordDto {
  return {
    id: 301,
    draw_id: 3,
    draw_name: '双十二采购抽奖',
    prize: drawPrize(),
    created_at: '2026-12-12T02:30:00.000Z',
    ...overrides,
  };
}

/** A running lucky draw as GET /api/draw/{id}/activity answers it to a buyer who has not drawn. */
export function drawActivity(overrides: Partial<DrawActivityDto> = {}): DrawActivityDto {
  return {
    id: 3,
    name: '双十二采购抽奖',
    remarks: '活动期间每位会员可抽奖一次，优惠券奖品即时到账。',
    start_at: '2026-12-01T00:00:00.000Z',
    end_at: '2026-12-31T15:59:59.000Z',
    status: 1,
    prizes: [drawPrize(), consolationPrize()],
    is_join: 0,
    my_record: null,
    ...overrides,
  };
}

/** A REST paging answer holding `items` as its one page. */
export function page<T>(items: T[], overrides: Partial<Omit<PageDto<T>, 'data'>> = {}): PageDto<T> {
  return { current_page: 1, per_page: 20, total: items.length, last_page: 1, data: items, ...overrides };
}
