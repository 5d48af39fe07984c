// `npm test`: every check the project has, in the order that fails fastest.
// Tests that need PostgreSQL, Redis or Chromium run whenever those are present and are reported as skipped otherwise;
// with CI=true a missing PostgreSQL, Redis or Chromium fails the run instead, so CI never passes by skipping.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import pg from 'pg';
import { redisAnswers } from '../gateway/src/testkit/redis-probe';
import { SUITE_CHROMIUM } from '../tests/testkit/chromium';
import { nginxBinary } from '../tests/testkit/topology';

const root = resolve(import.meta.dirname, '..');
const artifacts = resolve(root, 'tests/.artifacts');
const ci = process.env.CI === 'true';
// A PostgreSQL server on which the tests create (and drop) a database of their own.
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? SUITE_CHROMIUM;
// The Redis the shared-state suites (limits, the live cart across replicas) use; each keeps to a prefix of its own.
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const skippedSuites: string[] = [];
const failures: string[] = [];

let failedSteps = 0;
// What failed, named in the summary: CI keeps only the tail of the output, so a failure must be readable there.
const failedTests: string[] = [];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** One line per failed test (or file that failed to load), with the first line of its error. */
function failuresOf(label: string, report: VitestReport): string[] {
  const firstLine = (text: string | undefined) => (text ?? '').split('\n', 1)[0]?.slice(0, 300) ?? '';
  return report.testResults.flatMap((file) => {
    const where = `${label}: ${relative(root, file.name)}`;
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    if (failed.length === 0) return file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : [];
    return failed.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
  });
}

const runStarted = Date.now();
// Every step's seeded store is named after the hour the run started in (upstream/test/seeded-store.ts).
process.env['TEST_RUN_STARTED'] ??= new Date(runStarted).toISOString();
/** When each step started and how long it took, for the summary: the run's length is what CI pays for. */
const timeline: { label: string; from: number; seconds: number; ok: boolean }[] = [];

/**
 * Runs one step. Steps run side by side (see runSteps), so each one's output is kept (and written to
 * tests/.artifacts/<step>.log as it comes, to follow a slow one) and printed whole when it ends: the log reads as if
 * the steps had run in turn. A step that is not a test run (codegen, typecheck, lint, build) counts as one failed test.
 */
function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  isTestRun = false,
): Promise<boolean> {
  const started = Date.now();
  console.log(`▷ ${label} (started at ${((started - runStarted) / 1000).toFixed(0)} s)`);
  const log = createWriteStream(resolve(artifacts, `${slug(label)}.log`));
  return new Promise((done) => {
    const output: Buffer[] = [];
    const keep = (chunk: Buffer) => {
      output.push(chunk);
      log.write(chunk);
    };
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => keep(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      log.end();
      const ok = code === 0;
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`${ok ? '✔' : '✖'} ${label} (${seconds.toFixed(1)} s)`);
      timeline.push({ label, from: (started - runStarted) / 1000, seconds, ok });
      if (!ok) {
        failures.push(label);
        if (!isTestRun) failedSteps += 1;
      }
      done(ok);
    });
  });
}

const slug = (label: string) => label.replace(/\W+/g, '-');

async function vitest(
  label: string,
  projects: string[],
  env: NodeJS.ProcessEnv = {},
  files: readonly string[] = [],
): Promise<boolean> {
  const report = resolve(artifacts, `vitest-${slug(label)}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...files];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const ok = await run(label, 'npx', args, env, true);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    tally.passed += json.numPassedTests;
    tally.failed += json.numFailedTests;
    tally.skipped += json.numPendingTests + json.numTodoTests;
    failedTests.push(...failuresOf(label, json));
  } else if (!ok) {
    tally.failed += 1;
  }
  return ok;
}

/** One step of the run, for runSteps. */
interface Step {
  label: string;
  /** The cores it keeps busy. */
  cores: number;
  /** Steps that must have ended before it starts (whether or not they passed). */
  after?: string[];
  /** Steps it must not run beside. */
  apart?: string[];
  /** Runs it (a step that does not apply to this machine answers true without running anything). */
  run: () => Promise<unknown>;
}

/**
 * Runs the steps on `cores` cores: each waiting step, in the order given, starts as soon as the steps it comes after
 * have ended, none it must stay apart from runs, and its cores fit beside those of the running steps (a step wider
 * than the machine runs alone). Most steps keep one core busy (a type check, the linter, a vitest run with one
 * worker), so two run side by side instead of leaving the second core idle.
 */
function runSteps(steps: Step[], cores: number): Promise<void> {
  const waiting = [...steps];
  const running = new Set<Step>();
  const ended = new Set<string>();
  return new Promise((allEnded) => {
    const startWhatFits = () => {
      for (const step of [...waiting]) {
        const busy = [...running].reduce((sum, r) => sum + r.cores, 0);
        const ready = (step.after ?? []).every((label) => ended.has(label));
        const fits = running.size === 0 || busy + step.cores <= cores;
        const apart = [...running].some((r) => step.apart?.includes(r.label) || r.apart?.includes(step.label));
        if (!ready || !fits || apart) continue;
        waiting.splice(waiting.indexOf(step), 1);
        running.add(step);
        void step.run().finally(() => {
          running.delete(step);
          ended.add(step.label);
          startWhatFits();
        });
      }
      if (running.size > 0) return;
      if (waiting.length > 0)
        throw new Error(`steps wait for steps that are not in the run: ${waiting.map((s) => s.label)}`);
      allEnded();
    };
    startWhatFits();
  });
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

const hasPostgres = await postgresReachable();
const hasChromium = existsSync(chromium);
const hasRedis = await redisAnswers(redisUrl);
if (ci && !hasPostgres) {
  console.error(`✖ CI=true but PostgreSQL is not reachable at ${adminUrl}: the store tests cannot be skipped in CI.`);
  process.exit(1);
}
if (ci && !hasRedis) {
  console.error(`✖ CI=true but Redis is not reachable at ${redisUrl}: the shared-state tests cannot be skipped in CI.`);
  process.exit(1);
}
if (!hasRedis) skippedSuites.push(`shared-state tests through Redis (nothing answers at ${redisUrl})`);
if (ci && !hasChromium) {
  console.error(`✖ CI=true but ${chromium} is missing: install Debian's chromium (see .ci/run).`);
  process.exit(1);
}

// The production topology through nginx (OPS-31, tests/topology.test.ts) needs Debian's nginx, as CI installs it.
if (ci && nginxBinary() === undefined) {
  console.error("✖ CI=true but nginx is missing: install Debian's nginx-light (see .ci/run).");
  process.exit(1);
}
if (nginxBinary() === undefined)
  skippedSuites.push('the production topology through nginx (apt-get install nginx-light)');

/**
 * ADR 0226: the upstream's tests that tell PGlite from PostgreSQL, run on PGlite when the whole suite runs on
 * PostgreSQL. The engine is the same (PGlite is PostgreSQL's own code); what differs is the adapter: transactions run
 * one at a time, values come back through PGlite's parsers rather than pg's, COPY reads a blob, the trigram extension
 * is loaded apart, and its errors are its own. So: transactions, errors, the seed and a grown catalogue (COPY), search
 * and facets (pg_trgm), and every answer's shape against the OpenAPI description (the parsers). A statement that
 * would hang PGlite inside a transaction fails on PostgreSQL too (OPS-44).
 */
const PGLITE_STORE_TESTS = [
  'upstream/test/transactions.test.ts',
  'upstream/test/errors.test.ts',
  'upstream/test/seed.test.ts',
  'upstream/test/seed-story.test.ts',
  'upstream/test/catalogue-size.test.ts',
  'upstream/test/goods.test.ts',
  'upstream/test/facets.test.ts',
  'upstream/test/openapi.test.ts',
];

/** The upstream's whole suite runs on the store production runs when there is one (ADR 0226). */
const wholeUpstream = hasPostgres
  ? { label: 'upstream tests on PostgreSQL', databaseUrl: adminUrl }
  : { label: 'upstream tests on PGlite', databaseUrl: '' };

const crossEnv: NodeJS.ProcessEnv = { TEST_DATABASE_URL: hasPostgres ? adminUrl : '', CHROMIUM_PATH: '' };
if (!hasChromium) {
  skippedSuites.push(
    `browser tests (no Chromium at ${chromium}; apt-get install chromium chromium-headless-shell fonts-wqy-microhei)`,
  );
}
if (!hasPostgres) {
  skippedSuites.push(`the upstream's tests on PostgreSQL, and its races (nothing answers at ${adminUrl})`);
  skippedSuites.push('cross-service tests on PostgreSQL (PostgreSQL not reachable)');
}

// Two cores (CI's machine). Each vitest run here but the browser suites' has one worker, so two one-core steps run
// side by side. The browser suites are the longest step by far (ADR 0222): they start as soon as the web's two builds
// exist, and keep one core (their two workers' pages spend much of their time waiting for the network to fall
// quiet, which the other fills) while the other core works through everything else: the upstream's tests first (they
// need no codegen, so they start at once), then the cross-service tests, the unit tests, the upstream's store tests on
// PGlite, the type check and the lint. The gateway's unit tests read no web build unless they name one
// (gateway/src/testkit/gateway.ts), so nothing but the browser and cross-service suites waits for it (ADR 0220).
await runSteps(
  [
    { label: 'codegen', cores: 1, run: () => run('codegen', 'npm', ['run', '--silent', 'codegen']) },
    {
      label: wholeUpstream.label,
      cores: 1,
      run: () => vitest(wholeUpstream.label, ['upstream'], { TEST_DATABASE_URL: wholeUpstream.databaseUrl }),
    },
    {
      label: 'web build for browser tests',
      cores: 1,
      after: ['codegen'],
      run: async () => {
        if (
          hasChromium &&
          (await run('web build for browser tests', 'npm', ['run', '--silent', 'build', '-w', 'web']))
        ) {
          crossEnv.CHROMIUM_PATH = chromium;
        }
      },
    },
    {
      // SSR-01: the hydration suite (tests/browser/hydration.test.ts) opens every page with React's development
      // build, which names every mismatch; a build of its own beside the production one.
      label: 'web development build for the hydration test',
      cores: 1,
      after: ['codegen'],
      run: async () =>
        !hasChromium ||
        run('web development build for the hydration test', 'node', [
          '--import',
          'tsx',
          'tests/testkit/build-development-web.ts',
        ]),
    },
    {
      label: 'browser tests',
      cores: 1,
      after: ['web build for browser tests', 'web development build for the hydration test'],
      run: () => vitest('browser tests', ['browser'], crossEnv),
    },
    {
      label: 'cross-service tests',
      cores: 1,
      after: ['web build for browser tests'],
      run: () => vitest('cross-service tests', ['tests'], crossEnv),
    },
    {
      label: 'unit and service tests on PGlite',
      cores: 1,
      after: ['codegen'],
      run: () => vitest('unit and service tests on PGlite', ['domain', 'gateway', 'web'], { TEST_DATABASE_URL: '' }),
    },
    // Beside a PostgreSQL run, PGlite (`npm start`'s store on a laptop) gets the upstream's tests of what differs
    // between the stores (ADR 0226); the link walks, the seed's links and the replicas run on it too (ADR 0230).
    {
      label: 'upstream store tests on PGlite',
      cores: 1,
      run: async () =>
        !hasPostgres ||
        vitest('upstream store tests on PGlite', ['upstream'], { TEST_DATABASE_URL: '' }, PGLITE_STORE_TESTS),
    },
    {
      label: 'typecheck',
      cores: 1,
      after: ['codegen'],
      run: () => run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
    },
    // `npm run lint` in two steps, so that they too can share the cores at the end.
    {
      label: 'eslint',
      cores: 1,
      after: ['codegen'],
      run: () => run('eslint', 'npm', ['run', '--silent', 'lint:eslint']),
    },
    {
      label: 'import cycles and formatting',
      cores: 1,
      after: ['codegen'],
      run: async () => {
        await run('import cycles', 'npm', ['run', '--silent', 'lint:cycles']);
        await run('formatting', 'npm', ['run', '--silent', 'lint:format']);
      },
    },
  ],
  2,
);

console.log('\n── summary ──');
for (const t of timeline.sort((a, b) => a.from - b.from)) {
  console.log(`step: ${t.label} from ${t.from.toFixed(0)} s for ${t.seconds.toFixed(0)} s${t.ok ? '' : ' (failed)'}`);
}
console.log(`run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
for (const s of skippedSuites) console.log(`skipped: ${s}`);
for (const f of failures) console.log(`failed: ${f}`);
for (const t of failedTests) console.log(`  ✖ ${t}`);
console.log(`tests: ${tally.passed} passed, ${tally.failed + failedSteps} failed, ${tally.skipped} skipped`);
process.exit(failures.length === 0 ? 0 : 1);
