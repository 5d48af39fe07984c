// `npm test`: every check the project has, in the order that fails fastest.
// Tests that need PostgreSQL, Redis or Chromium run whenever those are present and are reported as skipped otherwise;
// with CI=true a missing PostgreSQL, Redis or Chromium fails the run instead, so CI never passes by skipping.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import pg from 'pg';
import { redisAnswers } from '../gateway/src/testkit/redis-probe';

const root = resolve(import.meta.dirname, '..');
const artifacts = resolve(root, 'tests/.artifacts');
const ci = process.env.CI === 'true';
// A PostgreSQL server on which the tests create (and drop) a database of their own.
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** Runs one step; a step that is not a test run (codegen, typecheck, lint, build) counts as one failed test. */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, isTestRun = false): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✖'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) {
    failures.push(label);
    if (!isTestRun) failedSteps += 1;
  }
  return ok;
}

/**
 * Runs checks that are not test runs side by side (a type check and the linter each keep one core busy), printing
 * each one's output whole when it ends, so the log reads as if they had run in turn.
 */
async function runSideBySide(steps: { label: string; command: string; args: string[] }[]): Promise<void> {
  await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise<void>((done) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (code) => {
            const ok = code === 0;
            console.log(`\n▶ ${label}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`${ok ? '✔' : '✖'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
            if (!ok) {
              failures.push(label);
              failedSteps += 1;
            }
            done();
          });
        }),
    ),
  );
}

function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const report = resolve(artifacts, `vitest-${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const ok = run(label, 'npx', args, env, true);
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

run('codegen', 'npm', ['run', '--silent', 'codegen']);
await runSideBySide([
  { label: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
]);

vitest('unit and service tests on PGlite', ['domain', 'upstream', 'gateway', 'web'], { TEST_DATABASE_URL: '' });
if (hasPostgres) {
  vitest('store tests on PostgreSQL', ['upstream'], { TEST_DATABASE_URL: adminUrl });
} else {
  skippedSuites.push(`store tests on PostgreSQL (nothing answers at ${adminUrl})`);
}

const crossEnv: NodeJS.ProcessEnv = { TEST_DATABASE_URL: hasPostgres ? adminUrl : '', CHROMIUM_PATH: '' };
if (hasChromium) {
  if (run('web build for browser tests', 'npm', ['run', '--silent', 'build', '-w', 'web'])) {
    crossEnv.CHROMIUM_PATH = chromium;
  }
} else {
  skippedSuites.push(`browser tests (no Chromium at ${chromium}; apt-get install chromium fonts-wqy-microhei)`);
}
if (!hasPostgres) skippedSuites.push('cross-service tests on PostgreSQL (PostgreSQL not reachable)');
vitest('cross-service tests', ['tests'], crossEnv);
vitest('browser tests', ['browser'], crossEnv);

console.log('\n── summary ──');
for (const s of skippedSuites) console.log(`skipped: ${s}`);
for (const f of failures) console.log(`failed: ${f}`);
for (const t of failedTests) console.log(`  ✖ ${t}`);
console.log(`tests: ${tally.passed} passed, ${tally.failed + failedSteps} failed, ${tally.skipped} skipped`);
process.exit(failures.length === 0 ? 0 : 1);
