// The browser suites' stores (ADR 0221): with a PostgreSQL server (TEST_DATABASE_URL, as `npm test` gives whenever
// one answers, and CI always), a seeded template database that each suite copies; without one, the seeded PGlite
// store that the upstream's and the cross-service suites copy too (ADR 0223).
import type { TestProject } from 'vitest/node';
import { seededStorePath } from '../../upstream/test/seeded-store';
import { createTemplate } from './postgres-template';

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  if (adminUrl === undefined) {
    project.provide('postgresTemplate', null);
    project.provide('pgliteSnapshot', await seededStorePath());
    return;
  }
  const { template, drop } = await createTemplate(adminUrl);
  project.provide('postgresTemplate', template);
  project.provide('pgliteSnapshot', '');
  return drop;
}
