import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testConfig } from './config';
import { seededStorePath } from './seeded-store';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PostgreSQL database for this run, or null to test on PGlite. */
    databaseUrl: string | null;
    /** A tarball of the migrated, seeded PGlite store, to load with openSeededPglite (upstream/test/seeded-store.ts). */
    pgliteSnapshot: string;
  }
}

/**
 * Finds or builds the seeded PGlite store every PGlite test store is copied from; creates a database of its own for
 * this run on the TEST_DATABASE_URL server, and drops it afterwards.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteSnapshot', await seededStorePath());
  const admin = testConfig.TEST_DATABASE_URL;
  if (admin === undefined) {
    project.provide('databaseUrl', null);
    return;
  }
  const name = `upstream_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());
  return async () => {
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
