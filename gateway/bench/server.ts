/**
 * The gateway alone in its process, for the bench: `node --import tsx gateway/bench/server.ts <upstream url> [json]`.
 * The optional JSON holds gateway settings by their environment names (e.g. {"WEB_SSR":"off"}), checked as
 * loadConfig checks the environment; the bench's own environment is not read, so a stray variable cannot skew a run.
 * One key is the bench's own: HOT_PATH=off sends trusted documents through Yoga instead of their plans (ADR 0503).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '../src/app';
import { loadConfig } from '../src/config';

const upstreamUrl = process.argv[2];
if (!upstreamUrl) throw new Error('usage: server.ts <upstream url> [settings as JSON]');
const { HOT_PATH: hotPath, ...settings } = JSON.parse(process.argv[3] ?? '{}') as Record<string, string>;
// The bench sends most of its operations as text, which production refuses by default (SEC-21); the trusted-document
// case brings its own manifest (PERSISTED_DOCUMENTS_DIR, bench/sections/overhead.ts). Its hundred buyers each send
// several requests a second, all from 127.0.0.1: far past a person's pace and one address's budget, so the cost
// budget (ERR-09) is raised and the bench measures the gateway's capacity, not its limits. A page of 50 goods costs
// about 90, so a million a minute would refuse it after some 11,000 pages, well inside one run.
const gateway = createGateway(
  loadConfig({
    TRUSTED_DOCUMENTS: 'allow',
    COST_BUDGET_PER_MINUTE: '1000000000',
    METRICS_PORT: '0',
    ...settings,
    UPSTREAM_URL: upstreamUrl,
    NODE_ENV: 'production',
    PORT: '0',
  }),
  // HOT_PATH=off: trusted documents through Yoga, for the bench's comparison (ADR 0503); not a gateway setting.
  { hotPath: hotPath !== 'off' },
);
const server = createServer(gateway.handler);
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => server.close(() => void gateway.close().then(() => process.exit(0))));
