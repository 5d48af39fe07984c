// What the catalogue-size sections share: a PostgreSQL database of their own grown to a size as `SEED_GOODS=<n>`
// does, the upstream's configuration for serving it, and timing one GET after another over HTTP.
import pg from 'pg';
import { Pool } from 'undici';
import { createApp } from '../../upstream/src/app';
import type { Config } from '../../upstream/src/config';
import type { Db } from '../../upstream/src/db/db';
import { refreshFacetIndex } from '../../upstream/src/areas/catalogue/facet-index';
import { migrate } from '../../upstream/src/db/migrate';
import { openPostgres } from '../../upstream/src/db/postgres';
import { growCatalogue } from '../../upstream/src/seed/generated-goods';
import { seedIfEmpty } from '../../upstream/src/seed/seed';

export const BENCH_UPSTREAM_CONFIG: Config = {
  port: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  publicUrl: 'http://bench.local',
  logLevel: 'silent',
  sessionTtlSeconds: 604800,
  bodyLimitBytes: 64 * 1024,
  smsTransport: 'none',
};

/**
 * The database `database` on the server of `adminUrl`, migrated, seeded and grown to `goods` goods; made afresh
 * unless `reuse` keeps one an earlier run left. Answers it with the seconds seeding took.
 */
export async function grownPostgres(options: {
  adminUrl: string;
  database: string;
  goods: number;
  reuse?: boolean;
}): Promise<{ db: Db; seedSeconds: number }> {
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  try {
    const exists =
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database])).rowCount === 1;
    if (!options.reuse || !exists) {
      await admin.query(`DROP DATABASE IF EXISTS ${options.database} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${options.database}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(options.adminUrl);
  url.pathname = `/${options.database}`;
  const db = openPostgres(url.toString());
  const started = performance.now();
  await migrate(db);
  await seedIfEmpty(db);
  await growCatalogue(db, { target: options.goods });
  // A store kept from an earlier run may carry marks of a migration since (FACET-10).
  await refreshFacetIndex(db);
  return { db, seedSeconds: (performance.now() - started) / 1000 };
}

/** Milliseconds of each GET in turn; anything but 200 stops the measurement. */
export async function timedGets(pool: Pool, paths: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  for (const path of paths) {
    const start = performance.now();
    const res = await pool.request({ method: 'GET', path });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${body.slice(0, 200)}`);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Serves the store over HTTP on the loopback for `measure`, through one connection as one buyer's tab asks; closes
 * the connection, the app and the store after.
 */
export async function servingStore<T>(db: Db, measure: (pool: Pool) => Promise<T>): Promise<T> {
  const app = createApp({ db, config: BENCH_UPSTREAM_CONFIG });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const pool = new Pool(address, { connections: 1 });
  try {
    return await measure(pool);
  } finally {
    await pool.close();
    await app.close();
    await db.close();
  }
}
