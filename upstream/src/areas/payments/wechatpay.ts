/**
 * WeChat Pay APIv3, Native pay (PAY-09), with node:crypto and the algorithms WeChat Pay documents: requests signed
 * SHA256-RSA with the merchant's API key ("WECHATPAY2-SHA256-RSA2048"), answers and notifications checked against
 * the platform public key over "timestamp\nnonce\nbody\n", the notification's resource decrypted with
 * AEAD_AES_256_GCM under the APIv3 key. docs/adr/0111-payments.md says why no community SDK.
 */
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';
import type { WechatPayConfig } from '../../config';
import { ApiError } from '../../lib/http';
import type { IncomingNotice, NoticeCheck, PaymentProvider, PaymentRequest, PaymentStart } from '../../lib/payments';

export const WECHATPAY_API = 'https://api.mch.weixin.qq.com';
/** Notifications and answers older or newer than this are refused: a replayed capture goes stale. */
export const WECHATPAY_CLOCK_SKEW_SECONDS = 300;

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export interface WechatPayOptions {
  /** The API's origin; WeChat Pay's own unless a test serves it. */
  api?: string;
  fetch?: Fetch;
  /** Seconds since the epoch. */
  now?: () => number;
}

/** The signed message of APIv3: every part followed by a line break. */
export const signedMessage = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

const header = (headers: IncomingNotice['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const noticeSchema = z.object({
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().min(1),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().nonnegative() }),
});

/** AEAD_AES_256_GCM as APIv3 uses it: the last 16 bytes of the base64 ciphertext are the tag. */
export function decryptResource(apiV3Key: string, nonce: string, ciphertext: string, aad = ''): string {
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/** The inverse of decryptResource, for tests that play WeChat Pay. */
export function encryptResource(apiV3Key: string, nonce: string, plaintext: string, aad = ''): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

export class WechatPayProvider implements PaymentProvider {
  readonly method = 'wechat' as const;
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;
  private readonly api: string;
  private readonly fetch: Fetch;
  private readonly now: () => number;

  constructor(
    private readonly config: WechatPayConfig,
    options: WechatPayOptions = {},
  ) {
    // Parsed once, so a malformed key stops the start instead of the first payment.
    this.privateKey = createPrivateKey(config.privateKey);
    this.platformKey = createPublicKey(config.platformPublicKey);
    this.api = options.api ?? WECHATPAY_API;
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** True when the platform signed this message (base64 SHA256-RSA) and its time is recent. */
  private signedByPlatform(
    timestamp: string | undefined,
    nonce: string | undefined,
    signature: string | undefined,
    body: string,
  ) {
    if (timestamp === undefined || nonce === undefined || signature === undefined) return false;
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(this.now() - Number(timestamp)) > WECHATPAY_CLOCK_SKEW_SECONDS) {
      return false;
    }
    return createVerify('RSA-SHA256')
      .update(signedMessage(timestamp, nonce, body))
      .verify(this.platformKey, signature, 'base64');
  }

  /** POST /v3/pay/transactions/native: answers the code_url the pay page shows as a QR code. */
  async createPayment(request: PaymentRequest): Promise<PaymentStart> {
    const path = '/v3/pay/transactions/native';
    const body = JSON.stringify({
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description,
      out_trade_no: request.orderSn,
      notify_url: this.config.notifyUrl,
      amount: { total: request.amount, currency: 'CNY' },
    });
    const timestamp = String(this.now());
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(signedMessage('POST', path, timestamp, nonce, body))
      .sign(this.privateKey, 'base64');
    const authorization =
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serial}"`;
    const failed = () => new ApiError(502, 500, '微信支付下单失败，请稍后再试或选择其他支付方式');
    const answer = await this.fetch(`${this.api}${path}`, {
      method: 'POST',
      headers: { authorization, accept: 'application/json', 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => {
      throw failed();
    });
    const text = await answer.text();
    const signed = this.signedByPlatform(
      answer.headers.get('wechatpay-timestamp') ?? undefined,
      answer.headers.get('wechatpay-nonce') ?? undefined,
      answer.headers.get('wechatpay-signature') ?? undefined,
      text,
    );
    if (answer.status !== 200 || !signed) throw failed();
    const parsed = z.object({ code_url: z.string().min(1) }).safeParse(JSON.parse(text));
    if (!parsed.success) throw failed();
    return { kind: 'qr', url: parsed.data.code_url };
  }

  verifyNotice(notice: IncomingNotice): NoticeCheck {
    if (typeof notice.body !== 'string') return { ok: false, reason: 'unreadable notification' };
    const h = notice.headers;
    const signed = this.signedByPlatform(
      header(h, 'wechatpay-timestamp'),
      header(h, 'wechatpay-nonce'),
      header(h, 'wechatpay-signature'),
      notice.body,
    );
    if (!signed) return { ok: false, reason: 'bad or stale signature' };
    let event;
    let transaction;
    try {
      event = noticeSchema.parse(JSON.parse(notice.body));
      if (event.event_type !== 'TRANSACTION.SUCCESS') return { ok: true, payment: null };
      const { nonce, ciphertext, associated_data: aad } = event.resource;
      transaction = transactionSchema.parse(JSON.parse(decryptResource(this.config.apiV3Key, nonce, ciphertext, aad)));
    } catch {
      return { ok: false, reason: 'unreadable notification' };
    }
    if (transaction.mchid !== this.config.mchId || transaction.appid !== this.config.appId) {
      return { ok: false, reason: 'another merchant' };
    }
    if (transaction.trade_state !== 'SUCCESS') return { ok: true, payment: null };
    return {
      ok: true,
      payment: {
        orderSn: transaction.out_trade_no,
        tradeNo: transaction.transaction_id,
        amount: transaction.amount.total,
      },
    };
  }
}
