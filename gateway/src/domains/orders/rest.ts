import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { asPage, hasKeys, type PageDto } from '../../paging';
import type { CartLineDto } from '../cart/rest';
import { isCouponOption, type CouponOptionDto } from '../coupons/rest';
import { isAddress, type AddressDto } from '../user/rest';

/** The amounts of an order or a checkout, integer fen; the upstream is authoritative for every one of them. */
export interface AmountsDto {
  goods_amount: number;
  manjian_amount: number;
  discount_amount: number;
  coupon_amount: number;
  freight_amount: number;
  pay_amount: number;
}

/** A goods line of an order, a snapshot taken when it was placed. */
export interface OrderLineDto {
  goods_id: number | string;
  name: string;
  sccj?: string | null;
  ypgg?: string | null;
  bzdw?: string | null;
  /** One address, or the goods object's list of them. */
  goods_image?: string | string[] | null;
  number: number;
  price: number;
  total: number;
  /** The set (组合购) the goods was ordered in: units per set and sets; absent or null otherwise. */
  combination?: { id: number | string; name: string; number: number; sets: number } | null;
  group_buy_id?: number | string | null;
}

/** The delivery address copied into the order. */
export interface OrderAddressDto {
  consignee: string;
  phone: string;
  province?: string | null;
  city?: string | null;
  district?: string | null;
  address?: string | null;
}

export interface OrderDto {
  id: number | string;
  order_sn: string;
  /** 0 unpaid, 1 paid, 2 shipped, 3 done, 4 cancelled. */
  status: number;
  status_text?: string | null;
  amounts: AmountsDto;
  need_receipt?: number;
  receipt_done?: number;
  address: OrderAddressDto;
  remark?: string | null;
  /** 0 none, 1 ordinary, 2 VAT special. */
  invoice_type?: number;
  user_coupon_id?: number | string | null;
  /** balance | wechat | alipay; null while unpaid. */
  pay_method?: string | null;
  paid_at?: string | number | null;
  created_at: string | number;
  lines: OrderLineDto[];
}

export type OrderPageDto = PageDto<OrderDto>;

export interface PaymentMethodDto {
  code: string;
  name: string;
  enabled: number | boolean;
}

/** GET /api/order/{id}/pay: the pay page, order included. */
export interface PayInfoDto {
  order: OrderDto;
  balance: number;
  methods: PaymentMethodDto[];
}

/** POST /api/cart/checkout: the confirm page for some cart lines. */
export interface CheckoutDto {
  lines: CartLineDto[];
  amounts: AmountsDto;
  need_receipt: number;
  addresses: AddressDto[];
  coupons: CouponOptionDto[];
}

export interface PlaceOrderForm {
  cart_ids: string[];
  address_id: string;
  user_coupon_id?: string;
  invoice_type: 0 | 1 | 2;
  remark?: string;
  idempotency_key: string;
}

export interface OrderListQuery {
  status?: 0 | 1 | 2 | 3 | 4;
  page: number;
  page_size: number;
}

const isAmounts = (value: unknown): value is AmountsDto => hasKeys(value, 'goods_amount', 'pay_amount');

export function isOrder(value: unknown): value is OrderDto {
  return (
    hasKeys(value, 'id', 'order_sn', 'status', 'amounts', 'address', 'lines') &&
    isAmounts(value.amounts) &&
    hasKeys(value.address, 'consignee', 'phone') &&
    Array.isArray(value.lines) &&
    value.lines.every((line) => hasKeys(line, 'goods_id', 'name', 'number', 'price', 'total'))
  );
}

const isCartLine = (value: unknown): value is CartLineDto =>
  hasKeys(value, 'id', 'number', 'goods') && hasKeys(value.goods, 'id', 'is_buy', 'number');

const isPaymentMethod = (value: unknown): value is PaymentMethodDto => hasKeys(value, 'code', 'name', 'enabled');

function asOrder(data: unknown): OrderDto {
  if (!isOrder(data)) throw unavailable();
  return data;
}

export async function postCheckout(
  upstream: UpstreamSession,
  cartLineIds: string[],
  couponId: string | null = null,
): Promise<CheckoutDto> {
  const { data } = await upstream.post<unknown>('/api/cart/checkout', {
    ids: cartLineIds,
    new: 1,
    user_coupon_id: couponId,
  });
  if (
    !hasKeys(data, 'lines', 'amounts', 'addresses', 'coupons') ||
    !Array.isArray(data.lines) ||
    !data.lines.every(isCartLine) ||
    !isAmounts(data.amounts) ||
    !Array.isArray(data.addresses) ||
    !data.addresses.every(isAddress) ||
    !Array.isArray(data.coupons) ||
    !data.coupons.every(isCouponOption)
  )
    throw unavailable();
  return data as unknown as CheckoutDto;
}

/** Creates the order. Never retried (the client never repeats a POST); the idempotency key makes a resubmit safe. */
export async function postOrder(upstream: UpstreamSession, form: PlaceOrderForm): Promise<OrderDto> {
  return asOrder((await upstream.post<unknown>('/api/order', { ...form })).data);
}

export async function fetchOrders(upstream: UpstreamSession, query: OrderListQuery): Promise<OrderPageDto> {
  const { data } = await upstream.get<unknown>('/api/order', { ...query });
  return asPage(data, isOrder);
}

/** One order of the buyer, or null when there is none of theirs (404). */
export async function fetchOrder(upstream: UpstreamSession, id: string): Promise<OrderDto | null> {
  const answer = await upstream.getOrNull<unknown>(`/api/order/${encodeURIComponent(id)}`);
  return answer === null ? null : asOrder(answer.data);
}

/** The pay page of an order, or null when there is no such order of the buyer's (404). */
export async function fetchPayInfo(upstream: UpstreamSession, id: string): Promise<PayInfoDto | null> {
  const answer = await upstream.getOrNull<unknown>(`/api/order/${encodeURIComponent(id)}/pay`);
  if (answer === null) return null;
  const { data } = answer;
  if (
    !hasKeys(data, 'order', 'balance', 'methods') ||
    !isOrder(data.order) ||
    typeof data.balance !== 'number' ||
    !Array.isArray(data.methods) ||
    !data.methods.every(isPaymentMethod)
  )
    throw unavailable();
  return data as unknown as PayInfoDto;
}

/**
 * The order in the answer to a change of it (pay, receipt, cancel): the order itself or `{ order }`. Null when the
 * answer carries none, and then the caller reads the order again.
 */
function changedOrder(data: unknown): OrderDto | null {
  if (isOrder(data)) return data;
  if (hasKeys(data, 'order') && isOrder(data.order)) return data.order;
  return null;
}

export async function postPay(upstream: UpstreamSession, id: string, method: string): Promise<OrderDto | null> {
  return changedOrder((await upstream.post<unknown>(`/api/order/${encodeURIComponent(id)}/pay`, { method })).data);
}

export async function postReceipt(
  upstream: UpstreamSession,
  id: string,
  form: { name: string; id_card: string },
): Promise<OrderDto | null> {
  return changedOrder((await upstream.post<unknown>(`/api/order/${encodeURIComponent(id)}/receipt`, form)).data);
}

export async function postCancel(upstream: UpstreamSession, id: string): Promise<OrderDto | null> {
  return changedOrder((await upstream.post<unknown>(`/api/order/${encodeURIComponent(id)}/cancel`)).data);
}
