import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GOODS_COUNT } from './seed/goods-count';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Empty strings in the environment mean "not set", as they do in most shells' `VAR= cmd` habits.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** An 18-character 统一社会信用代码 (GB 32100-2015's alphabet: no I, O, S, V or Z). */
const uscc = (name: string) =>
  z.string().regex(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, `${name} 应为18位统一社会信用代码`);

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  UPSTREAM_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  // SEC-15: the interface to listen on; 0.0.0.0 where the gateway reaches it over a network (a container's).
  UPSTREAM_HOST: optional(z.union([z.ipv4(), z.ipv6(), z.hostname()], { error: 'UPSTREAM_HOST 应为IP地址或主机名' })),
  // SEC-16: shared with the gateway, which sends it with every call; set, calls without it are refused.
  UPSTREAM_SECRET: optional(z.string().min(32, 'UPSTREAM_SECRET 至少32个字符')),
  DATA_DIR: optional(z.string()),
  // The catalogue's size (ADR 0130): the demo's 2,400 goods, or more generated after them on first start.
  SEED_GOODS: optional(
    z.coerce
      .number({ error: 'SEED_GOODS 应为整数' })
      .int('SEED_GOODS 应为整数')
      .min(GOODS_COUNT, `SEED_GOODS 至少为${GOODS_COUNT}（演示目录本身的商品数）`)
      .max(5_000_000, 'SEED_GOODS 最多为5000000'),
  ),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  // IMPORT-10: worker threads that read uploaded purchase lists; one keeps a core for every other request.
  IMPORT_WORKERS: optional(
    z.coerce.number({ error: 'IMPORT_WORKERS 应为1到8的整数' }).int('IMPORT_WORKERS 应为1到8的整数').min(1).max(8),
  ),
  // OPS-40: the OTLP/HTTP collector's base address (…/v1/traces is added); unset, no tracing code is loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(
    z.url({ protocol: /^https?$/, error: 'OTEL_EXPORTER_OTLP_ENDPOINT 应为http(s)地址' }),
  ),
  // OPS-40: the name the upstream's spans carry.
  OTEL_SERVICE_NAME: optional(z.string().trim().min(1).max(100)),
  SMS_TRANSPORT: optional(z.enum(['log', 'none', 'aliyun'])),
  // SEC-17: Alibaba Cloud SMS (dysmsapi), for SMS_TRANSPORT=aliyun; the endpoint is for tests and other regions.
  ALIYUN_SMS_ACCESS_KEY_ID: optional(z.string().min(1)),
  ALIYUN_SMS_ACCESS_KEY_SECRET: optional(z.string().min(1)),
  ALIYUN_SMS_SIGN_NAME: optional(z.string().min(1)),
  ALIYUN_SMS_TEMPLATE_CODE: optional(z.string().min(1)),
  ALIYUN_SMS_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  // WeChat website login, for binding a buyer's WeChat (ACCOUNT-21): all three or none.
  WECHAT_APP_ID: optional(z.string().min(1)),
  WECHAT_APP_SECRET: optional(z.string().min(1)),
  WECHAT_REDIRECT_URI: optional(z.url({ protocol: /^https?$/ })),
  // WeChat's addresses; tests point them at a local fake.
  WECHAT_OPEN_BASE: optional(z.url({ protocol: /^https?$/ })),
  WECHAT_API_BASE: optional(z.url({ protocol: /^https?$/ })),
  // Payments (PAY-05..PAY-12): the platform's bank account for transfers, the admin token, Alipay and WeChat Pay.
  ADMIN_TOKEN: optional(z.string().min(16, 'ADMIN_TOKEN 至少16个字符')),
  BANK_ACCOUNT_NAME: optional(z.string().trim().min(1)),
  BANK_NAME: optional(z.string()),
  BANK_ACCOUNT_NO: optional(z.string()),
  ALIPAY_APP_ID: optional(z.string()),
  ALIPAY_PRIVATE_KEY: optional(z.string()),
  ALIPAY_PUBLIC_KEY: optional(z.string()),
  ALIPAY_GATEWAY: optional(z.url({ protocol: /^https?$/ })),
  ALIPAY_NOTIFY_URL: optional(z.url({ protocol: /^https?$/ })),
  WECHATPAY_MCH_ID: optional(z.string()),
  WECHATPAY_APP_ID: optional(z.string()),
  WECHATPAY_SERIAL: optional(z.string()),
  WECHATPAY_PRIVATE_KEY: optional(z.string()),
  WECHATPAY_PLATFORM_PUBLIC_KEY: optional(z.string()),
  WECHATPAY_API_V3_KEY: optional(z.string().length(32, 'WECHATPAY_API_V3_KEY 应为32个字符')),
  WECHATPAY_NOTIFY_URL: optional(z.url({ protocol: /^https?$/ })),
  // INFO-08: the one company that sells here: its name, 统一社会信用代码 and licences. The footer, the e-contract's
  // 乙方, the transfer payee and the invoice seller all read it. INVOICE_SELLER_NAME and BANK_ACCOUNT_NAME (the payee)
  // and INVOICE_SELLER_TAX_ID are the older names of SELLER_NAME and SELLER_TAX_ID, still read.
  SELLER_NAME: optional(z.string().trim().min(1, 'SELLER_NAME 不能为空')),
  SELLER_TAX_ID: optional(uscc('SELLER_TAX_ID')),
  SELLER_DRUG_LICENCE: optional(z.string().trim().min(1).max(50, 'SELLER_DRUG_LICENCE 最多50个字符')),
  SELLER_INTERNET_DRUG_LICENCE: optional(z.string().trim().min(1).max(50, 'SELLER_INTERNET_DRUG_LICENCE 最多50个字符')),
  SELLER_GSP_CERTIFICATE: optional(z.string().trim().min(1).max(50, 'SELLER_GSP_CERTIFICATE 最多50个字符')),
  INVOICE_SELLER_NAME: optional(z.string().trim().min(1)),
  INVOICE_SELLER_TAX_ID: optional(uscc('INVOICE_SELLER_TAX_ID')),
});

export interface Config {
  port: number;
  /** SEC-15: the interface main.ts listens on; 127.0.0.1 unless configured. Tests listen where they choose. */
  host?: string;
  /** `production` is the hardened configuration (SEC-17); left out (tests' own configs), development. */
  nodeEnv?: 'development' | 'production' | 'test';
  /** SEC-16: the gateway's shared secret; absent, every caller is served and `x-forwarded-for` is not trusted. */
  gatewaySecret?: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Goods the seed makes on first start (SEED_GOODS, ADR 0130); left out, the demo catalogue's own. */
  seedGoods?: number;
  /** Origin used to build absolute image addresses, without a trailing slash. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** IMPORT-10: worker threads reading uploaded purchase lists; left out, one. */
  importWorkers?: number;
  /** OPS-40: where spans go over OTLP/HTTP, and under which service name; absent, nothing is traced. */
  otel?: { endpoint: string; serviceName: string };
  /** Session lifetime; also the login cookie's Max-Age (docs/rest-api.md pins 604800). */
  sessionTtlSeconds: number;
  /** Largest accepted request body; the biggest real body is a cart add of a few dozen lines. */
  bodyLimitBytes: number;
  /**
   * How verification codes reach the buyer: `log` writes them to the server log (a development transport, so that
   * registration works on one machine without an SMS account; refused in production, SEC-17); `none` refuses to send
   * (40032); `aliyun` sends them through Alibaba Cloud SMS (`aliyunSms`).
   */
  smsTransport: 'log' | 'none' | 'aliyun';
  /** SEC-17: Alibaba Cloud SMS, present when `smsTransport` is `aliyun`. */
  aliyunSms?: AliyunSmsConfig;
  /** WeChat website login for binding (ACCOUNT-21); absent when not configured, and binding is then not open. */
  wechatLogin?: WechatLoginConfig;
  /**
   * Payments other than the balance: the bank account, the admin token and the online providers. Left out (by a
   * test's or a bench's own config), the demo bank account is shown and nothing else is configured.
   */
  payments?: PaymentsConfig;
  /**
   * INFO-08: the company that sells on the marketplace, printed in the footer, as the e-contract's 乙方, as the
   * transfer payee and as the invoices' seller. Left out (a test's or a bench's own config), the demo seller.
   */
  seller?: Seller;
}

/** INFO-08: the one company behind the marketplace, as every page and document names it. */
export interface Seller {
  /** The registered company name (单位名称), also the name of its bank account. */
  name: string;
  /** Its 统一社会信用代码, which is also its taxpayer id (纳税人识别号). */
  taxId: string;
  /** 药品经营许可证 number; null until the deployment publishes it (the footer then says 待公示). */
  drugLicence: string | null;
  /** 互联网药品信息服务资格证书 number; null until published. */
  internetDrugLicence: string | null;
  /** FIRST-03: the GSP certificate's number, printed on its first-business copy; null until published. */
  gspCertificate: string | null;
}

/**
 * INFO-08, PAY-05: the demo seller, which says in its name that it is the demo's. The tax id is well formed (its
 * check character computed by GB 32100-2015) so that invoices drawn with it read as real ones do.
 */
export const DEMO_SELLER: Seller = {
  name: '药采通医药科技有限公司（演示）',
  taxId: '91330100MA2CF3LM0Q',
  drugLicence: null,
  internetDrugLicence: null,
  gspCertificate: null,
};

/** The seller of a configuration, the demo one when it was left out. */
export const sellerOf = (config: Pick<Config, 'seller'>): Seller => config.seller ?? DEMO_SELLER;

/** SEC-17: an Alibaba Cloud SMS account, its approved signature and a code template with the variable `${code}`. */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com unless configured (a test's fake, another region's address). */
  endpoint: string;
}

/** The platform's account that buyers transfer to (对公转账). */
export interface BankAccount {
  name: string;
  bank: string;
  account: string;
}

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** The serial number of the merchant's API certificate. */
  serial: string;
  privateKey: string;
  platformPublicKey: string;
  apiV3Key: string;
  notifyUrl: string;
}

export interface PaymentsConfig {
  bankAccount: BankAccount;
  /** Guards the admin calls (confirming a transfer); undefined refuses them. */
  adminToken: string | undefined;
  alipay: AlipayConfig | undefined;
  wechat: WechatPayConfig | undefined;
}

// A PEM key in one environment line may carry its line breaks as \n.
const pem = (value: string) => value.replaceAll('\\n', '\n').trim();

/** All of a provider's keys or none: a half-configured provider is a mistake worth stopping for. */
function allOrNone<K extends string>(
  name: string,
  values: Record<K, string | undefined>,
): Record<K, string> | undefined {
  const missing = Object.entries(values)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === Object.keys(values).length) return undefined;
  if (missing.length > 0)
    throw new Error(`Invalid upstream configuration:\n  ${name} is missing ${missing.join(', ')}`);
  return values as Record<K, string>;
}

/** The payments part of a configuration, with the defaults when it was left out. */
export const paymentsOf = (config: Pick<Config, 'payments' | 'publicUrl' | 'seller'>): PaymentsConfig =>
  config.payments ?? paymentsConfig({}, config.publicUrl, sellerOf(config));

function paymentsConfig(e: Partial<z.output<typeof envSchema>>, publicUrl: string, seller: Seller): PaymentsConfig {
  const alipay = allOrNone('Alipay', {
    ALIPAY_APP_ID: e.ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: e.ALIPAY_PRIVATE_KEY,
    ALIPAY_PUBLIC_KEY: e.ALIPAY_PUBLIC_KEY,
  });
  const wechat = allOrNone('WeChat Pay', {
    WECHATPAY_MCH_ID: e.WECHATPAY_MCH_ID,
    WECHATPAY_APP_ID: e.WECHATPAY_APP_ID,
    WECHATPAY_SERIAL: e.WECHATPAY_SERIAL,
    WECHATPAY_PRIVATE_KEY: e.WECHATPAY_PRIVATE_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: e.WECHATPAY_PLATFORM_PUBLIC_KEY,
    WECHATPAY_API_V3_KEY: e.WECHATPAY_API_V3_KEY,
  });
  return {
    // PAY-05, INFO-08: a company's account (对公账户) bears the company's name, so the payee is the seller; the demo
    // values say plainly that they are the demo's, not an account to pay into.
    bankAccount: {
      name: seller.name,
      bank: e.BANK_NAME ?? '中国工商银行（演示）',
      account: e.BANK_ACCOUNT_NO ?? '6212 0000 0000 0000 000',
    },
    adminToken: e.ADMIN_TOKEN,
    alipay: alipay && {
      appId: alipay.ALIPAY_APP_ID,
      privateKey: pem(alipay.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pem(alipay.ALIPAY_PUBLIC_KEY),
      gateway: e.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
      notifyUrl: e.ALIPAY_NOTIFY_URL ?? `${publicUrl}/api/payment/notify/alipay`,
    },
    wechat: wechat && {
      mchId: wechat.WECHATPAY_MCH_ID,
      appId: wechat.WECHATPAY_APP_ID,
      serial: wechat.WECHATPAY_SERIAL,
      privateKey: pem(wechat.WECHATPAY_PRIVATE_KEY),
      platformPublicKey: pem(wechat.WECHATPAY_PLATFORM_PUBLIC_KEY),
      apiV3Key: wechat.WECHATPAY_API_V3_KEY,
      notifyUrl: e.WECHATPAY_NOTIFY_URL ?? `${publicUrl}/api/payment/notify/wechat`,
    },
  };
}

/** WeChat's website application (open.weixin.qq.com) through which a buyer binds a WeChat account. */
export interface WechatLoginConfig {
  appId: string;
  appSecret: string;
  /** Where WeChat sends the buyer back with `code` and `state`: the web client's /bdwx page. */
  redirectUri: string;
  /** https://open.weixin.qq.com, where the QR code page (qrconnect) lives. */
  openBase: string;
  /** https://api.weixin.qq.com, where the code is exchanged (sns/oauth2/access_token) and the profile read. */
  apiBase: string;
}

function wechatLoginConfig(e: z.output<typeof envSchema>): WechatLoginConfig | undefined {
  const keys = {
    WECHAT_APP_ID: e.WECHAT_APP_ID,
    WECHAT_APP_SECRET: e.WECHAT_APP_SECRET,
    WECHAT_REDIRECT_URI: e.WECHAT_REDIRECT_URI,
  };
  const missing = Object.entries(keys)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === 3) return undefined;
  if (missing.length > 0)
    throw new Error(`Invalid upstream configuration:\n  WeChat login is missing ${missing.join(', ')}`);
  return {
    appId: e.WECHAT_APP_ID ?? '',
    appSecret: e.WECHAT_APP_SECRET ?? '',
    redirectUri: e.WECHAT_REDIRECT_URI ?? '',
    openBase: (e.WECHAT_OPEN_BASE ?? 'https://open.weixin.qq.com').replace(/\/+$/, ''),
    apiBase: (e.WECHAT_API_BASE ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
  };
}

/**
 * INFO-08: one seller from the variables that name it. The older names (INVOICE_SELLER_NAME, BANK_ACCOUNT_NAME,
 * INVOICE_SELLER_TAX_ID) still configure it alone; set beside the new ones they must agree, since one company cannot
 * sell, take payment and invoice under two names. Nothing set, the demo seller.
 */
function sellerConfig(e: z.output<typeof envSchema>): Seller {
  const one = (what: string, values: Record<string, string | undefined>): string | undefined => {
    const set = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
    if (new Set(set.map(([, v]) => v)).size > 1) {
      throw new Error(
        `Invalid upstream configuration:\n  ${set.map(([k]) => k).join(', ')}: ${what}，须相同（只设 ${Object.keys(values)[0] ?? ''} 即可）`,
      );
    }
    return set[0]?.[1];
  };
  return {
    name:
      one('名称不一致：平台只有一个销售方', {
        SELLER_NAME: e.SELLER_NAME,
        INVOICE_SELLER_NAME: e.INVOICE_SELLER_NAME,
        BANK_ACCOUNT_NAME: e.BANK_ACCOUNT_NAME,
      }) ?? DEMO_SELLER.name,
    taxId:
      one('统一社会信用代码不一致', {
        SELLER_TAX_ID: e.SELLER_TAX_ID,
        INVOICE_SELLER_TAX_ID: e.INVOICE_SELLER_TAX_ID,
      }) ?? DEMO_SELLER.taxId,
    drugLicence: e.SELLER_DRUG_LICENCE ?? DEMO_SELLER.drugLicence,
    internetDrugLicence: e.SELLER_INTERNET_DRUG_LICENCE ?? DEMO_SELLER.internetDrugLicence,
    gspCertificate: e.SELLER_GSP_CERTIFICATE ?? DEMO_SELLER.gspCertificate,
  };
}

/**
 * SEC-17: how codes travel. Production has no default, so that a deployment says it on purpose, and refuses `log`,
 * which would put every code (and with it every account's password reset) in the log.
 */
function smsConfig(
  e: z.output<typeof envSchema>,
  nodeEnv: NonNullable<Config['nodeEnv']>,
): Pick<Config, 'smsTransport' | 'aliyunSms'> {
  const fail = (message: string) => new Error(`Invalid upstream configuration:\n  SMS_TRANSPORT: ${message}`);
  const transport = e.SMS_TRANSPORT ?? (nodeEnv === 'production' ? undefined : 'log');
  if (transport === undefined) {
    throw fail('NODE_ENV=production has no default; set aliyun (with ALIYUN_SMS_*) or none');
  }
  if (transport === 'log' && nodeEnv === 'production') {
    throw fail('log writes verification codes to the log and is refused when NODE_ENV=production; set aliyun or none');
  }
  if (transport !== 'aliyun') return { smsTransport: transport };
  const keys = allOrNone('Alibaba Cloud SMS', {
    ALIYUN_SMS_ACCESS_KEY_ID: e.ALIYUN_SMS_ACCESS_KEY_ID,
    ALIYUN_SMS_ACCESS_KEY_SECRET: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
    ALIYUN_SMS_SIGN_NAME: e.ALIYUN_SMS_SIGN_NAME,
    ALIYUN_SMS_TEMPLATE_CODE: e.ALIYUN_SMS_TEMPLATE_CODE,
  });
  if (keys === undefined) {
    throw fail(
      'aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE',
    );
  }
  return {
    smsTransport: 'aliyun',
    aliyunSms: {
      accessKeyId: keys.ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: keys.ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: keys.ALIYUN_SMS_SIGN_NAME,
      templateCode: keys.ALIYUN_SMS_TEMPLATE_CODE,
      endpoint: (e.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, ''),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid upstream configuration:\n${lines}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const port = e.UPSTREAM_PORT ?? 4010;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const seller = sellerConfig(e);
  return {
    port,
    host: e.UPSTREAM_HOST ?? '127.0.0.1',
    nodeEnv,
    gatewaySecret: e.UPSTREAM_SECRET,
    dataDir: path.resolve(repoRoot, e.DATA_DIR ?? '.data'),
    databaseUrl: e.DATABASE_URL,
    seedGoods: e.SEED_GOODS ?? GOODS_COUNT,
    publicUrl,
    logLevel: e.LOG_LEVEL ?? 'info',
    importWorkers: e.IMPORT_WORKERS ?? 1,
    ...(e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
      ? {}
      : { otel: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME ?? 'pharma-upstream' } }),
    sessionTtlSeconds: 604800,
    bodyLimitBytes: 64 * 1024,
    ...smsConfig(e, nodeEnv),
    wechatLogin: wechatLoginConfig(e),
    payments: paymentsConfig(e, publicUrl, seller),
    seller,
  };
}
