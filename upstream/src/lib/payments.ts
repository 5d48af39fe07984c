/**
 * Payment methods other than the wallet balance. The bank transfer (对公转账) needs no provider: the buyer uploads the
 * slip and the platform confirms it. WeChat Pay and Alipay each sit behind a provider built from configuration
 * (areas/payments/alipay.ts, wechatpay.ts); a method without one is listed as disabled and refused with 40010 rather than
 * pretending to take money (PAY-02).
 */
import { Refusal } from '@pharma/domain/codes';
import { Wording } from '@pharma/domain/wording';
import { paymentsOf, type BankAccount } from '../config';
import { ApiError } from './http';

export type ExternalMethod = 'wechat' | 'alipay';
export type PaymentMethod = 'balance' | 'credit' | 'transfer' | ExternalMethod;

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  balance: '余额支付',
  credit: '账期支付',
  transfer: '对公转账',
  wechat: '微信支付',
  alipay: '支付宝',
};

export interface PaymentRequest {
  orderId: number;
  /** The trade number the provider knows the payment by (out_trade_no): the order number. */
  orderSn: string;
  /** Integer fen. */
  amount: number;
  description: string;
}

/**
 * Where the buyer pays: `redirect` is a page of the provider to open (Alipay's page pay); `qr` is a code to show
 * for the buyer's phone to scan (WeChat Pay's Native code_url).
 */
export interface PaymentStart {
  kind: 'redirect' | 'qr';
  url: string;
}

/** A notification as it reached the upstream: its headers and its body exactly as sent. */
export interface IncomingNotice {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw body (WeChat Pay signs its bytes) or the parsed form (Alipay signs its fields). */
  body: unknown;
}

/** What a verified notification says was paid. */
export interface NoticePayment {
  /** The order number sent as out_trade_no. */
  orderSn: string;
  /** The provider's own trade number (trade_no, transaction_id): unique per payment. */
  tradeNo: string;
  /** Integer fen. */
  amount: number;
}

/**
 * The verdict on a notification: refused (a bad signature, another merchant's, stale), verified without a payment
 * (a trade not paid yet, such as WAIT_BUYER_PAY), or verified with what was paid.
 */
export type NoticeCheck = { ok: false; reason: string } | { ok: true; payment: NoticePayment | null };

export interface PaymentProvider {
  readonly method: ExternalMethod;
  /** Starts a payment with the provider and answers where the buyer pays; the order stays unpaid until the
   * provider's notification confirms it. */
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  /** Checks a notification's signature (never anything the client says) and reads what it reports. */
  verifyNotice(notice: IncomingNotice): NoticeCheck;
}

/** PAY-02 */
export const notConfigured = () => new ApiError(400, Refusal.METHOD_NOT_AVAILABLE, Wording.methodNotAvailable);

/**
 * PAY-12: an amount written in yuan with at most two decimals ("12.30") as integer fen, read digit by digit (no floating
 * point); undefined for anything else.
 */
export function yuanToFen(yuan: unknown): number | undefined {
  if (typeof yuan !== 'string') return undefined;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer fen as yuan with two decimals, the way both providers write amounts in yuan. */
export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export class PaymentProviders {
  private readonly byMethod: Map<ExternalMethod, PaymentProvider>;

  /**
   * @param providers the configured online methods
   * @param bankAccount the platform's account buyers transfer to (PAY-05); the demo account when left out
   */
  constructor(
    providers: readonly PaymentProvider[] = [],
    readonly bankAccount: BankAccount = paymentsOf({ publicUrl: '' }).bankAccount,
  ) {
    this.byMethod = new Map(providers.map((p) => [p.method, p]));
  }

  /** The provider of a method, or 40010 when none is configured. */
  get(method: ExternalMethod): PaymentProvider {
    const provider = this.byMethod.get(method);
    if (provider === undefined) throw notConfigured();
    return provider;
  }

  /** The provider of a method, or undefined when none is configured (a notification for it is refused). */
  find(method: ExternalMethod): PaymentProvider | undefined {
    return this.byMethod.get(method);
  }

  /** Every method the pay screen lists, with whether it can be used; the transfer always can (PAY-05). */
  methods(): { code: PaymentMethod; name: string; enabled: number }[] {
    return (['balance', 'transfer', 'wechat', 'alipay'] as const).map((code) => ({
      code,
      name: METHOD_NAMES[code],
      enabled: code === 'balance' || code === 'transfer' || this.byMethod.has(code) ? 1 : 0,
    }));
  }
}
