// Fresh seeded stores on PostgreSQL in a fraction of a second: one database is migrated and seeded once per run, and
// every suite that wants a store of its own gets `CREATE DATABASE … TEMPLATE` of it (a file copy on the server),
// instead of loading PGlite from a snapshot (seconds of one core each, and every query of its pages slower in WASM).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../../upstream/src/db/migrate';
import { openPostgres } from '../../upstream/src/db/postgres';
import { seedIfEmpty } from '../../upstream/src/seed/seed';
import { refreshFacetIndex } from '../../upstream/src/areas/catalogue/facet-index';

/** Runs one statement on the server's maintenance database (CREATE and DROP DATABASE cannot run in a pool's). */
async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database each browser suite copies, or null to start each from the PGlite snapshot. */
    postgresTemplate: PostgresTemplate | null;
  }
}

export interface PostgresTemplate {
  /** The server's maintenance database, for CREATE and DROP DATABASE. */
  adminUrl: string;
  /** The migrated, seeded database to copy. */
  name: string;
}

/** Creates, migrates and seeds the template; answers it with the function that drops it. */
export async function createTemplate(adminUrl: string): Promise<{ template: PostgresTemplate; drop(): Promise<void> }> {
  const name = uniqueName('marketplace_template');
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const db = openPostgres(databaseUrl(adminUrl, name), 4);
  try {
    await migrate(db);
    await seedIfEmpty(db);
    // FACET-10: each copy starts with the seeded goods counted, as `npm start` folds them before its first buyer.
    await refreshFacetIndex(db);
  } finally {
    // A template takes no copies while anyone is connected to it.
    await db.close();
  }
  return {
    template: { adminUrl, name },
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A database of the suite's own, a copy of the template; answers its URL and the function that drops it. */
export async function copyOfTemplate(template: PostgresTemplate): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName('marketplace_suite');
  await onServer(template.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  return {
    url: databaseUrl(template.adminUrl, name),
    drop: () => onServer(template.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
