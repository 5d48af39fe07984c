import { isCalendarDate } from '@pharma/domain/text';
import type {
  InvoiceType,
  OrderEventKind,
  OrderErrorCode,
  OrderStatus,
  OrderUserError,
  PaymentMethodCode,
  PlaceOrderInput,
  Resolvers,
} from '../../generated/resolvers';
import type { Context } from '../../context';
import { badUserInput, fromUpstreamCode, upstreamCodeOf } from '../../errors';
import { toDateTime, toOptionalDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import { Refusal } from '@pharma/domain/codes';
import { Wording } from '@pharma/domain/wording';
import { refreshCart } from '../cart/resolvers';
import { cartChanged } from '../cart/live';
import { defaultFirst } from '../user/resolvers';
import {
  fetchOrderCounts,
  fetchOrders,
  fetchPayInfo,
  postBuyAgain,
  postCancel,
  postReceive,
  postCheckout,
  postOrder,
  postPay,
  postReceipt,
  type PlaceOrderForm,
} from './rest';
import type { OrderMapper } from './mappers';

const STATUS_CODES: Record<OrderStatus, 0 | 1 | 2 | 3 | 4> = { UNPAID: 0, PAID: 1, SHIPPED: 2, DONE: 3, CANCELLED: 4 };
const STATUSES: Record<number, OrderStatus> = { 0: 'UNPAID', 1: 'PAID', 2: 'SHIPPED', 3: 'DONE', 4: 'CANCELLED' };
// Shown when the upstream leaves out status_text; the words buyers know from the order centre.
const STATUS_TEXTS: Record<OrderStatus, string> = {
  UNPAID: '待付款',
  PAID: '待发货',
  SHIPPED: '待收货',
  DONE: '已完成',
  CANCELLED: '已取消',
};
const INVOICE_CODES: Record<InvoiceType, 0 | 1 | 2> = { NONE: 0, ORDINARY: 1, VAT_SPECIAL: 2 };
const INVOICE_TYPES: Record<number, InvoiceType> = { 0: 'NONE', 1: 'ORDINARY', 2: 'VAT_SPECIAL' };
const METHOD_CODES: Record<PaymentMethodCode, string> = {
  BALANCE: 'balance',
  CREDIT: 'credit',
  TRANSFER: 'transfer',
  WECHAT: 'wechat',
  ALIPAY: 'alipay',
};
const METHODS: Record<string, PaymentMethodCode> = {
  balance: 'BALANCE',
  credit: 'CREDIT',
  transfer: 'TRANSFER',
  wechat: 'WECHAT',
  alipay: 'ALIPAY',
};

const NOTHING_TO_ORDER_MESSAGE = Wording.nothingToOrder;

interface UserRefusal {
  code: OrderErrorCode;
  field: string | null;
}

type Refusals = Partial<Record<number, UserRefusal>>;

/** The refusals of docs/rest-api.md (Orders) that are outcomes a buyer expects, by the upstream's business code. */
const PLACE_REFUSALS: Refusals = {
  [Refusal.SOLD_OUT]: { code: 'SOLD_OUT', field: 'cartLineIds' },
  [Refusal.COUPON_NOT_APPLICABLE]: { code: 'COUPON_NOT_APPLICABLE', field: 'couponId' },
  [Refusal.NOTHING_TO_ORDER]: { code: 'NOTHING_TO_ORDER', field: 'cartLineIds' },
  [Refusal.ADDRESS_NOT_FOUND]: { code: 'ADDRESS_NOT_FOUND', field: 'addressId' },
  [Refusal.PRICE_CHANGED]: { code: 'PRICE_CHANGED', field: 'expectedPayableFen' },
  // A seckill sold out or past the buyer's limit between the preview and the order: the preview must be read again.
  [Refusal.SECKILL_SOLD_OUT]: { code: 'PRICE_CHANGED', field: 'cartLineIds' },
  [Refusal.SECKILL_LIMIT]: { code: 'PRICE_CHANGED', field: 'cartLineIds' },
};
const PAY_REFUSALS: Refusals = {
  [Refusal.BALANCE_TOO_LOW]: { code: 'BALANCE_TOO_LOW', field: null },
  [Refusal.RECEIPT_REQUIRED]: { code: 'RECEIPT_REQUIRED', field: null },
  [Refusal.NOT_UNPAID]: { code: 'NOT_UNPAID', field: 'orderId' },
  [Refusal.METHOD_NOT_AVAILABLE]: { code: 'METHOD_NOT_AVAILABLE', field: 'method' },
  [Refusal.PAY_PASSWORD_REQUIRED]: { code: 'PAY_PASSWORD_REQUIRED', field: 'payPassword' },
  [Refusal.PAY_PASSWORD_WRONG]: { code: 'PAY_PASSWORD_WRONG', field: 'payPassword' },
  // CREDIT-03..CREDIT-05: 账期支付's refusals, the message naming what is available or what to repay.
  [Refusal.CREDIT_OVER_LINE]: { code: 'CREDIT_OVER_LINE', field: 'method' },
  [Refusal.CREDIT_OVERDUE]: { code: 'CREDIT_OVERDUE', field: 'method' },
  [Refusal.CREDIT_NO_LINE]: { code: 'CREDIT_NO_LINE', field: 'method' },
};
const UNPAID_ONLY_REFUSALS: Refusals = { [Refusal.NOT_UNPAID]: { code: 'NOT_UNPAID', field: 'orderId' } };
const RECEIVE_REFUSALS: Refusals = { [Refusal.NOT_SHIPPED]: { code: 'NOT_SHIPPED', field: 'orderId' } };

const EVENT_KINDS: Record<string, OrderEventKind> = {
  placed: 'PLACED',
  paid: 'PAID',
  shipped: 'SHIPPED',
  received: 'RECEIVED',
  cancelled: 'CANCELLED',
  return_requested: 'RETURN_REQUESTED',
  return_approved: 'RETURN_APPROVED',
  return_refused: 'RETURN_REFUSED',
  return_received: 'RETURN_RECEIVED',
  refunded: 'REFUNDED',
};
// AFTER-03: the steps of the timeline as buyers read them.
const EVENT_TITLES: Record<OrderEventKind, string> = {
  PLACED: '提交订单',
  PAID: '付款成功',
  SHIPPED: '商家已发货',
  RECEIVED: '确认收货',
  CANCELLED: '订单已取消',
  RETURN_REQUESTED: '申请售后',
  RETURN_APPROVED: '售后申请已通过',
  RETURN_REFUSED: '售后申请未通过',
  RETURN_RECEIVED: '商家已收到退货',
  REFUNDED: '退款已完成',
};

/** YYYY-MM-DD, a real calendar day (VAL-24; input-rules.ts refuses a bad one first, the upstream checks it too). */
function dayArg(value: string | null | undefined, field: string): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const day = value.trim();
  if (!isCalendarDate(day)) {
    throw badUserInput({ [field]: ['日期格式应为YYYY-MM-DD'] });
  }
  return day;
}

type Outcome<T> = { done: true; value: T } | { done: false; userErrors: OrderUserError[] };

/**
 * Runs one change. A refusal the buyer expects becomes a userError carrying the upstream's message; every other
 * failure (session ended, upstream down, an unknown refusal) stays the contract's GraphQL error.
 */
async function attempt<T>(change: () => Promise<T>, refusals: Refusals): Promise<Outcome<T>> {
  try {
    return { done: true, value: await change() };
  } catch (error) {
    const code = upstreamCodeOf(error);
    const refusal = code === undefined ? undefined : refusals[code];
    if (refusal === undefined || !(error instanceof Error)) throw error;
    return { done: false, userErrors: [{ message: error.message, ...refusal }] };
  }
}

/** The order after a change, as the upstream answered it (never the stale one this operation may have read). */
function orderAfterChange(context: Context, id: string, answered: OrderMapper): OrderMapper {
  context.loaders.order.clear(id).prime(id, answered);
  return answered;
}

/** The upstream's form; its field rules (remark length, key format) are the upstream's, refused as 422. */
function placeOrderForm(input: PlaceOrderInput): PlaceOrderForm {
  return {
    cart_ids: input.cartLineIds,
    address_id: input.addressId,
    user_coupon_id: input.couponId ?? undefined,
    // INVOICE-10: left out, the ordinary e-invoice every sale may have.
    invoice_type: INVOICE_CODES[input.invoiceType ?? 'ORDINARY'],
    remark: input.remark?.trim() || undefined,
    idempotency_key: input.idempotencyKey,
    expected_pay_amount: input.expectedPayableFen ?? undefined,
  };
}

function orderImage(image: string | string[] | null | undefined): string | null {
  return (Array.isArray(image) ? image[0] : image) || null;
}

export const orderResolvers: Resolvers = {
  Query: {
    orderPreview: (_parent, { cartLineIds, couponId, bestCoupon }, { upstream }) => {
      if (cartLineIds.length === 0) throw badUserInput({ cartLineIds: ['请选择要结算的商品'] });
      return postCheckout(upstream, cartLineIds, couponId ?? null, bestCoupon === true);
    },
    orders: (_parent, { status, confirming, afterSale, keyword, startDate, endDate, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      const search = keyword?.trim() ?? '';
      if (search.length > 50) throw badUserInput({ keyword: ['搜索内容最多50个字'] });
      const start = dayArg(startDate, 'startDate');
      const end = dayArg(endDate, 'endDate');
      return fetchOrders(upstream, {
        ...(status ? { status: STATUS_CODES[status] } : {}),
        ...(confirming ? { confirming: 1 } : {}),
        ...(afterSale ? { after_sale: 1 } : {}),
        ...(search ? { keyword: search } : {}),
        ...(start ? { start_date: start } : {}),
        ...(end ? { end_date: end } : {}),
        page,
        page_size: pageSize,
      });
    },
    orderCounts: (_parent, _args, { upstream }) => fetchOrderCounts(upstream),
    order: (_parent, { id }, { loaders }) => loaders.order.load(id),
    payment: (_parent, { orderId }, { upstream }) => fetchPayInfo(upstream, orderId),
  },
  Mutation: {
    placeOrder: async (_parent, { input }, context) => {
      // Nothing chosen is the same outcome the upstream reports as NOTHING_TO_ORDER; no call is needed to know it.
      if (input.cartLineIds.length === 0)
        return {
          order: null,
          cart: null,
          userErrors: [{ message: NOTHING_TO_ORDER_MESSAGE, field: 'cartLineIds', code: 'NOTHING_TO_ORDER' }],
        };
      const form = placeOrderForm(input);
      const outcome = await attempt(() => postOrder(context.upstream, form), PLACE_REFUSALS);
      if (!outcome.done) return { order: null, cart: null, userErrors: outcome.userErrors };
      context.loaders.order.prime(String(outcome.value.id), outcome.value);
      // The ordered lines left the cart (CART-28).
      cartChanged(context);
      // `cart` is resolved by PlaceOrderPayload.cart, after the order and only when asked for.
      return { order: outcome.value, cart: null, userErrors: [] };
    },
    payOrder: async (_parent, { orderId, method, payPassword }, context) => {
      // PAY-06: a transfer is paid by sending its slip (submitTransfer), not here.
      if (method === 'TRANSFER') {
        const message = '对公转账请上传转账凭证';
        return { order: null, userErrors: [{ message, field: 'method', code: 'METHOD_NOT_AVAILABLE' }] };
      }
      // PAY-14, CREDIT-03: the password goes to the upstream as typed (never trimmed, never logged), only with the
      // balance or the credit line.
      const password = (method === 'BALANCE' || method === 'CREDIT') && payPassword ? payPassword : undefined;
      const outcome = await attempt(
        () => postPay(context.upstream, orderId, METHOD_CODES[method], password),
        PAY_REFUSALS,
      );
      if (!outcome.done) return { order: null, userErrors: outcome.userErrors };
      const { pay_url: payUrl, code_url: codeUrl, ...order } = outcome.value;
      // PAY-08, PAY-09: where the buyer pays online; the order stays unpaid until the provider's notification.
      const onlinePayment = codeUrl
        ? { kind: 'QR' as const, url: codeUrl }
        : payUrl
          ? { kind: 'REDIRECT' as const, url: payUrl }
          : null;
      return { order: orderAfterChange(context, orderId, order), userErrors: [], onlinePayment };
    },
    confirmReceipt: async (_parent, { orderId, name, idCard }, context) => {
      const form = { name: name.trim(), id_card: idCard.trim() };
      const outcome = await attempt(() => postReceipt(context.upstream, orderId, form), UNPAID_ONLY_REFUSALS);
      if (!outcome.done) return { order: null, userErrors: outcome.userErrors };
      return { order: orderAfterChange(context, orderId, outcome.value), userErrors: [] };
    },
    cancelOrder: async (_parent, { orderId }, context) => {
      const outcome = await attempt(() => postCancel(context.upstream, orderId), UNPAID_ONLY_REFUSALS);
      if (!outcome.done) return { order: null, userErrors: outcome.userErrors };
      return { order: orderAfterChange(context, orderId, outcome.value), userErrors: [] };
    },
    receiveOrder: async (_parent, { orderId }, context) => {
      const outcome = await attempt(() => postReceive(context.upstream, orderId), RECEIVE_REFUSALS);
      if (!outcome.done) return { order: null, userErrors: outcome.userErrors };
      return { order: orderAfterChange(context, orderId, outcome.value), userErrors: [] };
    },
    // AFTER-02: `cart` is resolved by BuyAgainPayload.cart, after the adds and only when asked for.
    buyOrderAgain: async (_parent, { orderId }, context) => {
      const payload = await postBuyAgain(context.upstream, orderId);
      if (payload.added > 0) cartChanged(context);
      return payload;
    },
  },
  BuyAgainPayload: {
    cart: (payload, _args, context) => (payload.added > 0 ? refreshCart(context) : null),
    // QUICK-08: which goods went to the cart and how many, so the buyer reads more than a count.
    addedLines: (payload) => payload.added_lines,
  },
  BuyAgainLine: {
    goodsId: (line) => String(line.goods_id),
  },
  BuyAgainFailure: {
    goodsId: (failure) => String(failure.goods_id),
  },
  OrderCounts: {
    afterSale: (counts) => counts.after_sale,
  },
  OrderEvent: {
    kind: (event) => fromUpstreamCode(EVENT_KINDS, event.kind),
    title: (event) => EVENT_TITLES[fromUpstreamCode(EVENT_KINDS, event.kind)],
    note: (event) => event.note || null,
    at: (event) => toDateTime(event.created_at),
  },
  Shipment: {
    shippedAt: (shipment) => toDateTime(shipment.shipped_at),
  },
  ShipmentTrace: {
    at: (trace) => toDateTime(trace.at),
  },
  PlaceOrderPayload: {
    // Read after the order was placed, so the ordered lines are gone; a failure here leaves the order in the answer
    // (the field is nullable), so a buyer never takes a placed order for a failed one.
    cart: (payload, _args, context) => (payload.order ? refreshCart(context) : null),
  },
  OrderPreview: {
    lines: (preview) => preview.lines,
    addresses: (preview) => defaultFirst(preview.addresses),
    needsReceipt: (preview) => preview.need_receipt === 1,
    bestCouponId: (preview) => (preview.best_coupon_id === null ? null : String(preview.best_coupon_id)),
    couponId: (preview) => (preview.user_coupon_id === null ? null : String(preview.user_coupon_id)),
  },
  Order: {
    id: (order) => String(order.id),
    orderSn: (order) => order.order_sn,
    status: (order) => fromUpstreamCode(STATUSES, order.status),
    statusText: (order) => order.status_text || STATUS_TEXTS[fromUpstreamCode(STATUSES, order.status)],
    remark: (order) => order.remark || null,
    invoiceType: (order) => fromUpstreamCode(INVOICE_TYPES, order.invoice_type ?? 0),
    needsReceipt: (order) => order.need_receipt === 1,
    receiptDone: (order) => order.receipt_done === 1,
    paymentMethod: (order) => (order.pay_method ? fromUpstreamCode(METHODS, order.pay_method) : null),
    paidAt: (order) => toOptionalDateTime(order.paid_at),
    shippedAt: (order) => toOptionalDateTime(order.shipped_at),
    receivedAt: (order) => toOptionalDateTime(order.received_at),
    cancelledAt: (order) => toOptionalDateTime(order.cancelled_at),
    createdAt: (order) => toDateTime(order.created_at),
    couponName: (order) => order.coupon_name || null,
    returnCount: (order) => order.return_count,
    canApplyReturn: (order) => order.can_return === 1,
    // A list's order has no timeline: the detail is read (once per order, by the loader) only when asked for.
    events: async (order, _args, { loaders }) =>
      order.events ?? (await loaders.order.load(String(order.id)))?.events ?? [],
    shipment: async (order, _args, { loaders }) =>
      order.shipment !== undefined ? order.shipment : ((await loaders.order.load(String(order.id)))?.shipment ?? null),
  },
  // The upstream is authoritative for every amount of an order: they are relayed, never recomputed.
  OrderAmounts: {
    goods: (amounts) => amounts.goods_amount,
    goodsFullReduction: (amounts) => amounts.goods_manjian_amount,
    fullReduction: (amounts) => amounts.manjian_amount,
    discount: (amounts) => amounts.discount_amount,
    coupon: (amounts) => amounts.coupon_amount,
    freight: (amounts) => amounts.freight_amount,
    payable: (amounts) => amounts.pay_amount,
  },
  OrderLine: {
    id: (line) => String(line.id),
    goodsId: (line) => String(line.goods_id),
    manufacturer: (line) => line.sccj ?? '',
    spec: (line) => line.ypgg || null,
    packingUnit: (line) => line.bzdw || null,
    image: (line) => orderImage(line.goods_image),
    price: (line) => line.price,
    total: (line) => line.total,
    combination: (line) => (line.combination ? { ...line.combination, id: String(line.combination.id) } : null),
    groupBuyId: (line) => (line.group_buy_id == null ? null : String(line.group_buy_id)),
    promotion: (line) => line.promotion,
    isGift: (line) => line.is_gift === 1,
    fullReduction: (line) => line.manjian_amount,
    // BATCH-04: the line's batches as the upstream lists them, nearest expiry first.
    batches: (line) =>
      line.batches.map((b) => ({
        batchNo: b.batch_no,
        producedOn: b.produced_on,
        expiresOn: b.expires_on,
        number: b.number,
      })),
  },
  OrderAddress: {
    // Chinese addresses run from province to street with no separators: 广东省广州市天河区体育西路1号.
    fullAddress: (address) =>
      [address.province, address.city, address.district, address.address].filter(Boolean).join(''),
  },
  OrderPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  Payment: {
    balance: (payment) => payment.balance,
    // A method this schema does not know yet cannot be chosen by any client: it is left out, not an error.
    methods: (payment) => payment.methods.filter((method) => Object.hasOwn(METHODS, method.code)),
  },
  PaymentMethod: {
    code: (method) => fromUpstreamCode(METHODS, method.code),
    enabled: (method) => method.enabled === 1,
  },
};
