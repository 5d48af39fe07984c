import { z } from 'zod';

// The tests' own settings: TEST_DATABASE_URL runs every file against PostgreSQL instead of PGlite. TEST_RUN_STARTED
// (an ISO time, set by `npm test` for all its steps) is the moment the run's seeded store is named after
// (seeded-store.ts), so a run that goes past the hour still builds one.
const schema = z.object({
  TEST_DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  TEST_RUN_STARTED: z.preprocess((v) => (v === '' ? undefined : v), z.iso.datetime().optional()),
});

export const testConfig = schema.parse(process.env);
