import type { GoodsDto } from '../domains/goods/rest';
import type { BuyerDto, UserBaseDto } from '../domains/user/rest';
import type { CartLineDto, CartListDto } from '../domains/cart/rest';

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
