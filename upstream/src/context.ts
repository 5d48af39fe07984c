import type { Config } from './config';
import type { Db } from './db/db';
import type { PaymentProviders } from './lib/payments';

export interface AppContext {
  db: Db;
  config: Config;
  payments: PaymentProviders;
  /** A whole number from 0 up to, not including, maxExclusive: the lucky draw's pick (crypto.randomInt). */
  drawRandom: (maxExclusive: number) => number;
}
