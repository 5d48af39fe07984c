import type { Config } from './config';
import type { Db } from './db/db';

export interface AppContext {
  db: Db;
  config: Config;
}
