/**
 * Alipay through Ant Group's own Node SDK (`alipay-sdk`): the PC page pay (alipay.trade.page.pay) signed with the
 * application's private key, and the asynchronous notification checked with Alipay's public key (PAY-08).
 */
import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../config';
import {
  fenToYuan,
  yuanToFen,
  type IncomingNotice,
  type NoticeCheck,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStart,
} from '../../lib/payments';

/** The trade states of a notification that mean the money was received. */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay's key tool writes PKCS#1 or PKCS#8, as PEM or as bare base64; the SDK must be told which. */
function keyTypeOf(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  if (key.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  try {
    createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** The notification's fields as strings; anything else (a nested field) makes it unreadable. */
function formFields(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') return undefined;
    fields[key] = value;
  }
  return fields;
}

export class AlipayProvider implements PaymentProvider {
  readonly method = 'alipay' as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly config: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey,
      keyType: keyTypeOf(config.privateKey),
      alipayPublicKey: config.alipayPublicKey,
      gateway: config.gateway,
      signType: 'RSA2',
    });
  }

  /** The page-pay address: signed locally, so no call leaves the upstream until the buyer opens it. */
  async createPayment(request: PaymentRequest): Promise<PaymentStart> {
    const url = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      notifyUrl: this.config.notifyUrl,
      bizContent: {
        out_trade_no: request.orderSn,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: fenToYuan(request.amount),
        subject: request.description,
      },
    });
    return { kind: 'redirect', url };
  }

  verifyNotice(notice: IncomingNotice): NoticeCheck {
    const fields = formFields(notice.body);
    if (fields === undefined) return { ok: false, reason: 'unreadable notification' };
    // The form was decoded once by the body parser: the SDK's V2 check signs the values as they are.
    if (!this.sdk.checkNotifySignV2(fields)) return { ok: false, reason: 'bad signature' };
    if (fields.app_id !== this.config.appId) return { ok: false, reason: 'another application' };
    if (!PAID_STATES.has(fields.trade_status ?? '')) return { ok: true, payment: null };
    const amount = yuanToFen(fields.total_amount);
    const orderSn = fields.out_trade_no;
    const tradeNo = fields.trade_no;
    if (amount === undefined || !orderSn || !tradeNo) return { ok: false, reason: 'incomplete notification' };
    return { ok: true, payment: { orderSn, tradeNo, amount } };
  }
}
