import type { Config } from './config';
import type { Db } from './db/db';
import type { PaymentProviders } from './lib/payments';

export interface AppContext {
  db: Db;
  config: Config;
  payments: PaymentProviders;
}
