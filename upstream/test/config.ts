import { z } from 'zod';

// The tests' own settings: TEST_DATABASE_URL runs every file against PostgreSQL instead of PGlite.
const schema = z.object({
  TEST_DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^postgres(ql)?$/ }).optional()),
});

export const testConfig = schema.parse(process.env);
