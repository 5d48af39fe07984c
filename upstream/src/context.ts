import type { Config } from './config';
import type { Db } from './db/db';
import type { Limits } from './lib/limits';
import type { PaymentProviders } from './lib/payments';
import type { SmsSender } from './lib/sms';

export interface AppContext {
  db: Db;
  config: Config;
  payments: PaymentProviders;
  /** A whole number from 0 up to, not including, maxExclusive: the lucky draw's pick (crypto.randomInt). */
  drawRandom: (maxExclusive: number) => number;
  /** Delivers verification codes; null when the configuration turns text messages off (40032). */
  sms: SmsSender | null;
  /** Failed logins, code requests and password resets counted per account and address (SEC-10 to SEC-13). */
  limits: Limits;
}
