/**
 * The REST API's answer codes, the one table the upstream answers with and the gateway and web read (rule ERR-01..
 * ERR-06 in docs/product.md). Every business refusal has its own code, HTTP status and default wording; a refusal
 * whose message names goods or amounts builds it from `wording.ts`.
 */

/** Success codes of the envelope (ERR-01): any of them in a 2xx answer is success. */
export const SUCCESS_CODES: ReadonlySet<number> = new Set([10000, 200, 201]);

/** The code a successful answer of this upstream carries. */
export const SUCCESS = 10000;

/** Transport-level codes: the envelope's code mirrors the HTTP status for these. */
export const Code = {
  /** ERR-02: not signed in, or the session ended; the buyer goes to /login. */
  NOT_LOGGED_IN: 10001,
  /** ERR-03: a form error; `data` is `{ field: [messages] }`. */
  FORM_ERROR: 422,
  /** ERR-04: the e-contract must be signed first; the buyer goes to /dzht. */
  CONTRACT_REQUIRED: 459,
  NOT_FOUND: 404,
  SERVER_ERROR: 500,
} as const;

/**
 * Business refusals (ERR-05): HTTP 400 unless said otherwise, each code one outcome a screen can act on. The gateway
 * turns the ones a mutation expects into typed `userErrors`; the rest reach clients as BUSINESS_ERROR with
 * `upstreamCode`.
 */
export const Refusal = {
  /** More than the stock of goods, or of sets of a combination. */
  STOCK_EXCEEDED: 40001,
  /** The goods may not be bought (is_buy 0). */
  NOT_BUYABLE: 40002,
  /** A chosen line of an order ran out (ORDER-03). */
  SOLD_OUT: 40003,
  COUPON_NOT_APPLICABLE: 40004,
  /** Nothing chosen can be ordered (not chosen, not buyable, activity ended). */
  NOTHING_TO_ORDER: 40005,
  BALANCE_TOO_LOW: 40006,
  /** An order with ephedrine-type goods needs the consignee's receipt first (ORDER-05). */
  RECEIPT_REQUIRED: 40007,
  ADDRESS_NOT_FOUND: 40008,
  NOT_UNPAID: 40009,
  /** A payment method without a configured provider (PAY-02). */
  METHOD_NOT_AVAILABLE: 40010,
  COUPON_ALREADY_TAKEN: 40011,
  COUPONS_ALL_TAKEN: 40012,
  /** A combination, group-buy or seckill not running now. */
  ACTIVITY_NOT_RUNNING: 40013,
  /** PRICE-03: the seckill's own stock has fewer units left than asked for. */
  SECKILL_SOLD_OUT: 40014,
  /** PRICE-03: more seckill units than the per-buyer limit leaves this buyer. */
  SECKILL_LIMIT: 40015,
  /** PRICE-13: an add-on purchase (换购) whose threshold no line of the cart reaches. */
  EXCHANGE_NOT_REACHED: 40016,
  /** PRICE-13: more units of an add-on purchase than one order may take. */
  EXCHANGE_LIMIT: 40017,
  /** PRICE-14: the order would charge another amount than the one the buyer confirmed. */
  PRICE_CHANGED: 40018,
  DRAW_NOT_STARTED: 40021,
  DRAW_ENDED: 40022,
  /** Verification codes: one a minute per phone (AUTH-03). */
  CODE_TOO_FREQUENT: 40030,
  CODE_WRONG: 40031,
  SMS_UNAVAILABLE: 40032,
  PHONE_REGISTERED: 40033,
  PHONE_NOT_REGISTERED: 40034,
  /** After-sales (AFTER-01): the account has no after-sales service. */
  AFTER_SALE_CLOSED: 40060,
  /** After-sales (AFTER-04): the order is not shipped or done, so nothing of it can be returned. */
  NOT_RETURNABLE: 40061,
  /** After-sales (AFTER-05): the return is not in the state this step needs (a second refund, say). */
  RETURN_STATE: 40062,
  /** Confirming receipt of an order that is not shipped (AFTER-02). */
  NOT_SHIPPED: 40063,
  /** Shipping an order that is not paid-and-waiting (AFTER-02). */
  NOT_PAID: 40064,
  /** WeChat binding (ACCOUNT-21): WeChat login is not configured, so binding is not open. */
  WECHAT_NOT_OPEN: 40070,
  /** WeChat binding (ACCOUNT-23): that WeChat account is bound to another buyer. */
  WECHAT_TAKEN: 40071,
  /** WeChat binding: WeChat refused the code (expired, used) or could not be reached. */
  WECHAT_FAILED: 40072,
  /** PAY-14: paying from the balance asks for the payment password, and none came with the payment. */
  PAY_PASSWORD_REQUIRED: 40090,
  /** PAY-14: the payment password is wrong (as when the account has none: the answer never tells which). */
  PAY_PASSWORD_WRONG: 40091,
  /** Store invitations (STORE-01): the company holds as many live invitations as it may. */
  STORE_INVITE_LIMIT: 40080,
  /** E-invoices (INVOICE-02): only a paid order is invoiced. */
  INVOICE_NOT_PAID: 40110,
  /** E-invoices (INVOICE-02, INVOICE-07): issued already, or not issued / already reversed. */
  INVOICE_STATE: 40111,
  /** E-invoices (INVOICE-02): the buyer's company has no 统一社会信用代码 on record. */
  INVOICE_NO_TAX_ID: 40112,
  /** E-invoices (INVOICE-04): still 开票中, so there is no PDF yet (HTTP 409). */
  INVOICE_PENDING: 40113,
  /** E-invoices (INVOICE-07): part of the order was not refunded, so the invoice still stands. */
  INVOICE_NOT_REFUNDED: 40114,
  /** Invoice choice (INVOICE-10): 不开发票 while the order holds a drug (GSP has every drug sale invoiced). */
  INVOICE_REQUIRED: 40115,
  /** Invoice choice (INVOICE-11): a 增值税专用发票 asked for while the company's invoice title is incomplete. */
  INVOICE_TITLE_INCOMPLETE: 40116,
  /** Order export and statement (ORDER-16, ORDER-17): no order in the chosen range, so no empty file. */
  EXPORT_EMPTY: 40150,
  /** Order export (ORDER-16): more lines than one file holds; the message names the limit. */
  EXPORT_TOO_LARGE: 40151,
  /** Delivery note (BATCH-08): the order has not been shipped, so no 随货同行单 yet. */
  DELIVERY_NOTE_NOT_SHIPPED: 40170,
  /** Business scope (SCOPE-03): the goods' scope class is not among the buyer's company's (adding to the cart). */
  OUT_OF_SCOPE: 40160,
  /** Business scope (SCOPE-04): a line's goods went out of the company's scope since it was added (placing). */
  ORDER_OUT_OF_SCOPE: 40161,
  /** First-business documents (FIRST-02): a chosen goods id names no goods (HTTP 404). */
  FIRST_GOODS_NOT_FOUND: 40180,
  /** First-business documents (FIRST-02): the order holds more goods than one download covers. */
  FIRST_TOO_MANY_GOODS: 40181,
  /** Credit terms (CREDIT-04): the order is more than the credit line has available; the message says how much. */
  CREDIT_OVER_LINE: 40190,
  /** Credit terms (CREDIT-05): an overdue amount blocks new credit orders; the message names the amount to repay. */
  CREDIT_OVERDUE: 40191,
  /** Credit terms (CREDIT-03): the company has no credit line, so 账期支付 is not open to it. */
  CREDIT_NO_LINE: 40192,
  /** Credit terms (CREDIT-06): the repayment was confirmed or rejected already; nothing changed. */
  CREDIT_REPAYMENT_DECIDED: 40193,
  /** 404 with its own code: an unknown lucky draw. */
  DRAW_NOT_FOUND: 40400,
  /** A required qualification document of the buyer's company has expired: no order until renewed (QUAL-04). */
  QUALIFICATION_EXPIRED: 40401,
  /** HTTP 403: a platform (admin) call without the configured admin token, or with none configured. */
  ADMIN_FORBIDDEN: 40301,
  /** HTTP 401: a call without the gateway's shared secret, when the upstream is configured with one (SEC-16). */
  GATEWAY_SECRET_REQUIRED: 40101,
  /** HTTP 429 with Retry-After: too many failed logins, code requests or failed password resets (SEC-10..SEC-14). */
  TOO_MANY_ATTEMPTS: 42901,
} as const;

export type RefusalName = keyof typeof Refusal;
export type RefusalCode = (typeof Refusal)[RefusalName];

const refusalNames = new Map<number, RefusalName>(
  Object.entries(Refusal).map(([name, code]) => [code, name as RefusalName]),
);

/** The name of a business code, or undefined for a code this table does not know (a newer upstream's). */
export function refusalName(code: number): RefusalName | undefined {
  return refusalNames.get(code);
}

export function isSuccess(status: number, code: number): boolean {
  return status >= 200 && status < 300 && SUCCESS_CODES.has(code);
}
