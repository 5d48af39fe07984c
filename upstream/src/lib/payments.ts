/**
 * Payment methods other than the wallet balance. Each sits behind a provider (a WeChat Pay or Alipay client); the
 * reference upstream configures none, so those methods are listed as disabled and refused with 40010 rather than
 * pretending to take money.
 */
import { Refusal } from '@pharma/domain/codes';
import { Wording } from '@pharma/domain/wording';
import { ApiError } from './http';

export type ExternalMethod = 'wechat' | 'alipay';
export type PaymentMethod = 'balance' | ExternalMethod;

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  balance: '余额支付',
  wechat: '微信支付',
  alipay: '支付宝',
};

export interface PaymentRequest {
  orderId: number;
  orderSn: string;
  /** Integer fen. */
  amount: number;
  description: string;
}

export interface PaymentProvider {
  readonly method: ExternalMethod;
  /** Starts a payment with the provider and answers where to send the buyer to pay; the order stays unpaid until
   * the provider's notification confirms it. */
  createPayment(request: PaymentRequest): Promise<{ payUrl: string }>;
}

/** PAY-02 */
export const notConfigured = () => new ApiError(400, Refusal.METHOD_NOT_AVAILABLE, Wording.methodNotAvailable);

export class PaymentProviders {
  private readonly byMethod: Map<ExternalMethod, PaymentProvider>;

  constructor(providers: readonly PaymentProvider[] = []) {
    this.byMethod = new Map(providers.map((p) => [p.method, p]));
  }

  /** The provider of a method, or 40010 when none is configured. */
  get(method: ExternalMethod): PaymentProvider {
    const provider = this.byMethod.get(method);
    if (provider === undefined) throw notConfigured();
    return provider;
  }

  /** Every method the pay screen lists, with whether it can be used. */
  methods(): { code: PaymentMethod; name: string; enabled: number }[] {
    return (['balance', 'wechat', 'alipay'] as const).map((code) => ({
      code,
      name: METHOD_NAMES[code],
      enabled: code === 'balance' || this.byMethod.has(code) ? 1 : 0,
    }));
  }
}
