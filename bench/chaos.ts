/**
 * `npm run chaos`: buyers keep buying through the production topology while its parts fail (OPS-33..OPS-35).
 *
 *   npm run chaos [-- --buyers=100] [-- --seconds=60] [-- --no-write] [-- --keep] [-- --no-faults]
 *
 * The topology of docker-compose.yml runs on this machine (tests/testkit/topology.ts, ADR 0218) on a private
 * PostgreSQL cluster of its own (initdb on port 5600), so `pg_ctl restart -m fast` touches nothing else. Each buyer
 * signs in, browses, adds to the cart, places an order and pays it from the wallet through nginx, with the web's
 * trusted documents, from an address of its own (127.0.1.n: nginx passes it on, the gateways count limits by it).
 * Meanwhile Redis is stopped and started, PostgreSQL restarted mid-checkout, the upstream frozen then killed and
 * started, and one gateway killed and started. Afterwards the store is checked, and the figures per fault are
 * printed and written into docs/benchmarks.md between its chaos markers. --no-write only prints; --keep leaves
 * the run's directory (every process's log) in place.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_PAY_PASSWORD } from '../upstream/src/seed/pay-passwords';
import {
  CHAOS_PORTS,
  hasWebBuild,
  missingPrerequisites,
  startTopology,
  webDist,
  type Topology,
} from '../tests/testkit/topology';
import { persistedBody, trustedOperations, type GraphQLAnswer } from '../tests/testkit/trusted-operations';
import { fixed, percentile } from './lib/stats';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const value = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive whole number`);
  return parsed;
};
const BUYERS = numberArg('buyers', 100);
const SECONDS = numberArg('seconds', 60);
const write = !args.includes('--no-write');
const keep = args.includes('--keep');
// The same buyers with nothing broken: the baseline, and a check of the harness itself.
const noFaults = args.includes('--no-faults');
const root = fileURLToPath(new URL('..', import.meta.url));
const reportPath = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const PG_PORT = 5600;
/** A buyer's request that has not answered in this long is counted as unanswered (nginx would wait far longer). */
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * After a part is back, what buyers may still see for its sake before an error counts as outside its window: the
 * circuit tries the upstream every 5 s (OPS-05) and nginx leaves a failed replica alone for 5 s (OPS-32).
 */
const RECOVERY_ALLOWANCE_MS = 6_000;
const started = performance.now();
const now = () => performance.now() - started;
const log = (message: string) => console.log(`[chaos ${fixed(now() / 1000, 0)} s] ${message}`);

// ── A private PostgreSQL cluster ──────────────────────────────────────────────────────────────────────────────

/** initdb, pg_ctl: on PATH or in Debian's versioned directory. */
function pgTool(name: string): string {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return name;
  const versions = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1'], {
    encoding: 'utf8',
  });
  const candidate = join(versions.stdout.trim(), name);
  if (existsSync(candidate)) return candidate;
  throw new Error(`${name} not found: install PostgreSQL's server package`);
}

/** PostgreSQL refuses to run as root: as root, its tools run as the machine's postgres user. */
function asPostgres(command: string, commandArgs: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [bin, binArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...commandArgs]]
    : [command, commandArgs];
  const result = spawnSync(bin, binArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${result.stderr}`);
}

function privatePostgres(dir: string) {
  const data = join(dir, 'pgdata');
  const logFile = join(dir, 'postgres.log');
  mkdirSync(data, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    spawnSync('chown', ['postgres', data, dir]);
  }
  const pgCtl = pgTool('pg_ctl');
  asPostgres(pgTool('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  // However this process ends (a thrown error included), the cluster is not left running.
  let up = false;
  process.once('exit', () => {
    if (!up) return;
    try {
      asPostgres(pgCtl, ['-D', data, 'stop', '-m', 'immediate']);
    } catch {
      // Nothing more can be done on the way out; pg_ctl said why on stderr.
    }
  });
  process.once('SIGINT', () => process.exit(130));
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/marketplace`,
    start: () => {
      asPostgres(pgCtl, ['-D', data, '-l', logFile, '-w', '-o', options, 'start']);
      up = true;
    },
    restartFast: () => asPostgres(pgCtl, ['-D', data, '-l', logFile, '-w', 'restart', '-m', 'fast']),
    stop: () => {
      asPostgres(pgCtl, ['-D', data, '-w', 'stop', '-m', 'fast']);
      up = false;
    },
  };
}

// ── Buyers ────────────────────────────────────────────────────────────────────────────────────────────────────

type Op = 'Login' | 'GoodsList' | 'AddToCart' | 'PlaceOrder' | 'PayOrder';

/** One answer a buyer got: `ok`, a code the contract names (GraphQL or a userError), or what nginx or the socket said. */
interface Outcome {
  buyer: number;
  op: Op;
  start: number;
  ms: number;
  code: string;
}

const outcomes: Outcome[] = [];
/** Unclear answers: no code a client could act on (ERR table), or no answer at all. */
const isUnclear = (code: string) =>
  code.startsWith('HTTP_') || ['NO_ANSWER', 'TIMEOUT', 'NO_CODE', 'INTERNAL_SERVER_ERROR'].includes(code);

interface Buyer {
  index: number;
  username: string;
  addressId: number;
  agent: Agent;
  /** The session cookie Login set, sent back as a browser does. */
  cookie?: string;
}

function send(
  topology: Topology,
  buyer: Buyer,
  operations: Map<string, string>,
  op: Op,
  variables: Record<string, unknown>,
): Promise<{ code: string; data?: Record<string, unknown> | null }> {
  const body = persistedBody(operations, op, variables);
  const t0 = now();
  return new Promise((done) => {
    let settled = false;
    // A time-out destroys the request, which then also reports an error: the first word is the answer.
    const finish = (code: string, data?: Record<string, unknown> | null) => {
      if (settled) return;
      settled = true;
      outcomes.push({ buyer: buyer.index, op, start: t0, ms: now() - t0, code });
      done({ code, data });
    };
    const req = request(
      `${topology.url}/graphql`,
      {
        method: 'POST',
        agent: buyer.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(buyer.cookie ? { cookie: buyer.cookie } : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const cookies = res.headers['set-cookie'];
        if (cookies !== undefined) buyer.cookie = cookies.map((line) => line.split(';', 1)[0] ?? '').join('; ');
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => finish('NO_ANSWER'));
        res.on('end', () => {
          let answer: GraphQLAnswer;
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GraphQLAnswer;
          } catch {
            return finish(`HTTP_${res.statusCode ?? 0}`);
          }
          const error = answer.errors?.[0];
          if (error) return finish(error.extensions?.code ?? 'NO_CODE', answer.data);
          const payload = Object.values(answer.data ?? {})[0] as { userErrors?: { code?: string }[] } | undefined;
          const refusal = payload?.userErrors?.[0];
          finish(refusal ? `USER_ERROR:${refusal.code ?? '?'}` : 'ok', answer.data);
        });
      },
    );
    req.on('timeout', () => {
      req.destroy();
      finish('TIMEOUT');
    });
    req.on('error', () => finish('NO_ANSWER'));
    req.end(body);
  });
}

/** What one buyer does until the end: browse, add one goods, order it with a key kept over retries, pay it. */
async function shop(
  topology: Topology,
  buyer: Buyer,
  operations: Map<string, string>,
  goods: number[],
  until: number,
  checkouts: { buyer: number; key: string; orderId?: string; paid: boolean }[],
): Promise<void> {
  const call = (op: Op, variables: Record<string, unknown> = {}) => send(topology, buyer, operations, op, variables);
  /** Tries again after an unclear answer or a refusal of the moment, as a client does; at most `times` times. */
  const persist = async (op: Op, variables: Record<string, unknown>, times: number) => {
    let answer = await call(op, variables);
    for (let i = 1; i < times && answer.code !== 'ok' && !answer.code.startsWith('USER_ERROR') && now() < until; i++) {
      await sleep(500);
      answer = await call(op, variables);
    }
    return answer;
  };
  while (buyer.cookie !== undefined && now() < until) {
    await call('GoodsList', { page: 1 + (buyer.index % 5), pageSize: 20 });
    const goodsId = String(goods[Math.floor(Math.random() * goods.length)]);
    const added = await call('AddToCart', { lines: [{ goodsId, number: 1 }] });
    const cart = (added.data?.addToCart as { cart?: { lines?: { id: string; goods: { id: string } }[] } })?.cart;
    const line = cart?.lines?.find((l) => l.goods.id === goodsId);
    if (added.code !== 'ok' || line === undefined) {
      // A buyer told 系统繁忙 waits a moment before trying again, as `persist` does; a loop without pause would
      // measure how fast a machine can refuse, not what buyers see.
      await sleep(500);
      continue;
    }
    // One key per confirm page: retried after a lost answer, it places one order (ORDER idempotency).
    const checkout: (typeof checkouts)[number] = { buyer: buyer.index, key: randomUUID(), paid: false };
    checkouts.push(checkout);
    const placed = await persist(
      'PlaceOrder',
      { input: { cartLineIds: [line.id], addressId: String(buyer.addressId), idempotencyKey: checkout.key } },
      6,
    );
    checkout.orderId = (placed.data?.placeOrder as { order?: { id: string } | null } | undefined)?.order?.id;
    if (placed.code !== 'ok' || checkout.orderId === undefined) continue;
    const paid = await persist(
      'PayOrder',
      { orderId: checkout.orderId, method: 'BALANCE', payPassword: DEMO_PAY_PASSWORD },
      6,
    );
    checkout.paid = paid.code === 'ok';
  }
}

// ── Faults ────────────────────────────────────────────────────────────────────────────────────────────────────

interface Fault {
  name: string;
  /** When it was done, and when the part answered again (ms from the start). */
  start: number;
  back: number;
  /** The next fault's start, or the end: errors up to here are this fault's. */
  until: number;
}

async function runFaults(
  topology: Topology,
  postgres: ReturnType<typeof privatePostgres>,
  at: (s: number) => number,
  span: (s: number) => number,
) {
  const faults: Fault[] = [];
  const waitUntil = async (ms: number) => {
    if (ms > now()) await sleep(ms - now());
  };
  const fault = async (name: string, when: number, act: () => Promise<void>) => {
    await waitUntil(when);
    log(name);
    const start = now();
    await act();
    faults.push({ name, start, back: now(), until: 0 });
    log(`${name}: back after ${fixed((now() - start) / 1000, 1)} s`);
  };
  await fault(`Redis stopped for ${fixed(span(8) / 1000, 0)} s`, at(8), async () => {
    await topology.redis.stop('SIGTERM');
    await sleep(span(8));
    await topology.restart('redis');
  });
  await fault('PostgreSQL restarted (pg_ctl restart -m fast) mid-checkout', at(20), async () => {
    postgres.restartFast();
  });
  await fault(
    `upstream frozen (SIGSTOP) for ${fixed(span(7) / 1000, 0)} s, then killed and started`,
    at(27),
    async () => {
      topology.upstream.signal('SIGSTOP');
      await sleep(span(7));
      await topology.upstream.stop('SIGKILL');
      await topology.restart('upstream');
    },
  );
  await fault(`gateway-1 killed (SIGKILL), started ${fixed(span(6) / 1000, 0)} s later`, at(44), async () => {
    await topology.gateways[0].stop('SIGKILL');
    await sleep(span(6));
    await topology.restart('gateway-1');
  });
  faults.forEach((f, i) => (f.until = faults[i + 1]?.start ?? Number.POSITIVE_INFINITY));
  return faults;
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────────────────────

const missing = missingPrerequisites();
if (missing.length > 0) throw new Error(`npm run chaos needs ${missing.join(', ')}`);
if (!hasWebBuild()) {
  log('building the web (the gateways serve it and its trusted documents)');
  const built = spawnSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build -w web failed');
}
const operations = trustedOperations(webDist);
const dir = mkdtempSync('/tmp/chaos-');
const postgres = privatePostgres(dir);
let topology: Topology | undefined;
let db: pg.Pool | undefined;
try {
  postgres.start();
  asPostgres(pgTool('psql'), ['-h', dir, '-p', String(PG_PORT), '-U', 'postgres', '-c', 'CREATE DATABASE marketplace']);
  log(`private PostgreSQL on ${PG_PORT}; starting the topology (logs in ${dir})`);
  topology = await startTopology({ ports: CHAOS_PORTS, databaseUrl: postgres.url, dir });
  db = new pg.Pool({ connectionString: postgres.url, max: 4 });
  // Idle connections die with the PostgreSQL restart; the pool opens new ones when next asked.
  db.on('error', () => undefined);
  const store = db;

  // Buyers like the demo buyer (its company and qualifications), each with a wallet whose ledger says why.
  const columns = (
    await store.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'
         AND column_name NOT IN ('id', 'username', 'phone', 'balance', 'wechat') AND column_name NOT LIKE '%openid%'
         AND column_name NOT LIKE '%unionid%'`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const buyers: Buyer[] = [];
  const BALANCE = 50_000_000;
  for (let i = 0; i < BUYERS; i++) {
    const username = `chaos${String(i).padStart(3, '0')}`;
    const user = await store.query<{ id: number }>(
      `INSERT INTO users (username, balance, ${columns.join(', ')})
       SELECT $1, $2, ${columns.join(', ')} FROM users WHERE username = 'demo' RETURNING id`,
      [username, BALANCE],
    );
    const userId = user.rows[0]?.id;
    await store.query(
      `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark) VALUES ($1, $2, $2, 1, '压测充值')`,
      [userId, BALANCE],
    );
    const address = await store.query<{ id: number }>(
      `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
       VALUES ($1, '压测', '13800000000', '浙江省', '杭州市', '西湖区', '文三路1号', 1) RETURNING id`,
      [userId],
    );
    buyers.push({
      index: i,
      username,
      addressId: address.rows[0]?.id ?? 0,
      // Each buyer from its own loopback address: nginx passes it on, and the gateways' limits are per buyer.
      agent: new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${i + 1}` }),
    });
  }
  // Ordinary goods anyone may buy in any number, stocked for the run.
  const goodsRows = await store.query<{ id: number }>(
    `UPDATE goods SET number = 1000000 WHERE id IN (
       SELECT id FROM goods WHERE is_buy = 1 AND is_hm = 0 AND qg_number = 0 AND price > 0 ORDER BY id LIMIT 20)
     RETURNING id`,
  );
  const goods = goodsRows.rows.map((r) => r.id);
  const stockBefore = new Map(goods.map((id) => [id, 1_000_000]));
  const firstOrder = (await store.query<{ max: number | null }>('SELECT max(id) AS max FROM orders')).rows[0]?.max ?? 0;

  // Buyers sign in before the clock starts, ten a second, as a shop's morning fills: a hundred password checks at
  // one instant would saturate the upstream and measure that instead of the faults.
  log(`signing ${BUYERS} buyers in`);
  const signInStart = now();
  const signing = topology;
  await Promise.all(
    buyers.map(async (buyer, i) => {
      await sleep(i * 100);
      for (let attempt = 0; buyer.cookie === undefined && attempt < 30; attempt++) {
        const login = await send(signing, buyer, operations, 'Login', {
          username: buyer.username,
          password: 'demo1234',
        });
        if (login.code !== 'ok') await sleep(2000);
      }
    }),
  );
  const signedIn = buyers.filter((b) => b.cookie !== undefined).length;
  const signInSeconds = (now() - signInStart) / 1000;
  log(
    `${signedIn} of ${BUYERS} signed in in ${fixed(signInSeconds, 0)} s; ${SECONDS} s of shopping through ${topology.url}`,
  );
  const runStart = now();
  const scale = SECONDS / 60;
  const span = (s: number) => s * 1000 * scale;
  const at = (s: number) => runStart + span(s);
  const until = runStart + SECONDS * 1000;
  const checkouts: { buyer: number; key: string; orderId?: string; paid: boolean }[] = [];
  const running = topology;
  const shopping = Promise.all(buyers.map((b) => shop(running, b, operations, goods, until, checkouts)));
  const faults = noFaults ? [] : await runFaults(running, postgres, at, span);
  await shopping;
  log('buyers done; checking the store');
  for (const b of buyers) b.agent.destroy();

  // ── Checks ──
  const orders = (
    await store.query<{ id: number; user_id: number; idempotency_key: string; status: number; pay_amount: number }>(
      'SELECT id, user_id, idempotency_key, status, pay_amount FROM orders WHERE id > $1',
      [firstOrder],
    )
  ).rows;
  const byId = new Map(orders.map((o) => [String(o.id), o]));
  const answered = checkouts.filter((c) => c.orderId !== undefined);
  const lost = answered.filter((c) => byId.get(c.orderId ?? '')?.idempotency_key !== c.key);
  const keys = new Map<string, number>();
  for (const o of orders)
    keys.set(`${o.user_id}:${o.idempotency_key}`, (keys.get(`${o.user_id}:${o.idempotency_key}`) ?? 0) + 1);
  const doubled = [...keys.values()].filter((n) => n > 1).length;
  const placedUnanswered = orders.length - new Set(answered.map((c) => c.orderId)).size;
  const payments = (
    await store.query<{ order_id: number; n: number }>(
      `SELECT order_id, count(*)::int AS n FROM money_log WHERE use_type = 2 AND order_id > $1 GROUP BY order_id`,
      [firstOrder],
    )
  ).rows;
  const paidTwice = payments.filter((p) => p.n > 1).length;
  const paidAnswered = checkouts.filter((c) => c.paid);
  const paidMissing = paidAnswered.filter((c) => (byId.get(c.orderId ?? '')?.status ?? 0) < 1).length;
  const wallets = (
    await store.query<{ username: string; balance: number; ledger: number }>(
      `SELECT u.username, u.balance, COALESCE(sum(m.amount), 0)::int AS ledger
         FROM users u LEFT JOIN money_log m ON m.user_id = u.id WHERE u.username LIKE 'chaos%' GROUP BY u.id`,
    )
  ).rows;
  const walletsOff = wallets.filter((w) => w.balance !== w.ledger).length;
  const stock = (
    await store.query<{ id: number; number: number; sold: number }>(
      `SELECT g.id, g.number, COALESCE((SELECT sum(l.number) FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.goods_id = g.id AND o.id > $2 AND o.status <> 4), 0)::int AS sold
         FROM goods g WHERE g.id = ANY($1::int[])`,
      [goods, firstOrder],
    )
  ).rows;
  const stockOff = stock.filter((s) => s.number !== (stockBefore.get(s.id) ?? 0) - s.sold).length;
  const belowZero =
    (await store.query<{ n: number }>('SELECT count(*)::int AS n FROM goods WHERE number < 0')).rows[0]?.n ?? 0;
  const unclearBuyers = new Set(outcomes.filter((o) => isUnclear(o.code)).map((o) => o.buyer));
  const succeeded = new Set(outcomes.filter((o) => o.code === 'ok').map((o) => o.buyer));

  // ── Figures per fault ──
  const errors = outcomes.filter((o) => o.start >= runStart && o.code !== 'ok' && !o.code.startsWith('USER_ERROR'));
  const firstFault = faults[0]?.start ?? Number.POSITIVE_INFINITY;
  const rows = faults.map((f) => {
    // An error belongs to the fault in place when its answer came: a request sent just before the upstream froze and
    // refused by that freeze is the freeze's, not the fault before it.
    const mine = errors.filter((e) => e.start + e.ms >= f.start && e.start + e.ms < f.until);
    const inside = mine.filter((e) => e.start < f.back + RECOVERY_ALLOWANCE_MS);
    const lastError = Math.max(f.back, ...mine.map((e) => e.start + e.ms));
    const codes = new Map<string, number>();
    for (const e of mine) codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
    // What came after the window, by operation and code: the first thing to read when that budget is missed.
    const late = new Map<string, number>();
    for (const e of mine.filter((m) => !inside.includes(m))) {
      const key = `${e.op} ${e.code} at +${fixed((e.start - f.back) / 1000, 0)} s`;
      late.set(key, (late.get(key) ?? 0) + 1);
    }
    if (late.size > 0) log(`${f.name}, after its window: ${[...late].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    return {
      name: f.name,
      inside: inside.length,
      outside: mine.length - inside.length,
      down: (f.back - f.start) / 1000,
      recover: (lastError - f.back) / 1000,
      codes:
        [...codes]
          .sort((a, b) => b[1] - a[1])
          .map(([c, n]) => `${c} ${n}`)
          .join(', ') || '—',
    };
  });
  const beforeFaults = errors.filter((e) => e.start + e.ms < firstFault).length;
  const goodsMs = (from: number, to: number) =>
    outcomes.filter((o) => o.op === 'GoodsList' && o.code === 'ok' && o.start >= from && o.start < to).map((o) => o.ms);
  const redis = faults[0];
  const normalP99 = percentile(goodsMs(at(2), Math.min(firstFault, until)), 99);
  const redisP99 = redis ? percentile(goodsMs(redis.start, redis.back), 99) : Number.NaN;
  const upstream = faults[2];
  const refusedWhileDown = upstream
    ? outcomes.filter((o) => o.code === 'UPSTREAM_UNAVAILABLE' && o.start >= upstream.start && o.start < upstream.back)
    : [];
  // The circuit opens on the first failure a gateway sees (a time-out or a refused connection, OPS-05); the requests
  // in flight at that moment waited for it and are not the circuit's answers. Those begun after the first refusal
  // reached a buyer are.
  const firstRefusal = Math.min(...refusedWhileDown.map((o) => o.start + o.ms));
  const fastFails = refusedWhileDown.filter((o) => o.start >= firstRefusal);
  const frozenAll = upstream ? outcomes.filter((o) => o.start >= upstream.start && o.start < upstream.back) : [];
  const circuitP99 = percentile(
    fastFails.map((o) => o.ms),
    99,
  );
  const circuitP50 = percentile(
    fastFails.map((o) => o.ms),
    50,
  );
  const totalOk = outcomes.filter((o) => o.code === 'ok').length;

  const perOp = (['Login', 'GoodsList', 'AddToCart', 'PlaceOrder', 'PayOrder'] as const).map((op) => {
    const mine = outcomes.filter((o) => o.op === op);
    const codes = new Map<string, number>();
    for (const o of mine) if (o.code !== 'ok') codes.set(o.code, (codes.get(o.code) ?? 0) + 1);
    const ok = mine.filter((o) => o.code === 'ok');
    return `| ${op} | ${mine.length} | ${ok.length} | ${fixed(
      percentile(
        ok.map((o) => o.ms),
        50,
      ),
      0,
    )} / ${fixed(
      percentile(
        ok.map((o) => o.ms),
        99,
      ),
      0,
    )} ms | ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ') || '—'} |`;
  });
  const budget = (ok: boolean) => (ok ? 'yes' : '**no**');
  const outsideTotal = beforeFaults + rows.reduce((n, r) => n + r.outside, 0);
  const report = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.split(' ')[0] ?? 'CPU'}, Node ${process.version}, load average ${fixed(loadavg()[0] ?? Number.NaN, 1)} at the end (other work on the machine slows every figure), \`npm run chaos\` (bench/chaos.ts): ${BUYERS} buyers for ${SECONDS} s through nginx in front of two compiled gateways (NODE_ENV=production, trusted documents), Redis, a private PostgreSQL cluster and the upstream (ADR 0218). Each buyer browses, adds a goods, places an order (one idempotency key kept over retries) and pays it from the wallet. An error belongs to the fault in place when its answer came, and counts inside that fault's window when its request was sent before ${RECOVERY_ALLOWANCE_MS / 1000} s after the part answered again; "recovered" is how long after that the last error of the fault's period came.`,
    '',
    `Sign-in before the clock: ${signedIn} of ${BUYERS} buyers in ${fixed(signInSeconds, 0)} s (ten a second, retried every 2 s). ${outcomes.length} operations in all, ${totalOk} answered successfully; ${checkouts.length} checkouts begun, ${answered.length} orders answered, ${paidAnswered.length} paid.`,
    '',
    '| operation | answers | successful | p50 / p99 of successes | other answers |',
    '|---|---|---|---|---|',
    ...perOp,
    '',
    '| fault | part down | errors inside window | errors outside window | recovered after part back | codes seen |',
    '|---|---|---|---|---|---|',
    `| none (before the first fault) | — | — | ${beforeFaults} | — | — |`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fixed(r.down, 1)} s | ${r.inside} | ${r.outside} | ${fixed(Math.max(0, r.recover), 1)} s | ${r.codes} |`,
    ),
    '',
    '| budget | target | measured | met |',
    '|---|---|---|---|',
    `| errors outside each fault's window | 0 | ${outsideTotal} | ${budget(outsideTotal === 0)} |`,
    `| answers with the circuit open (UPSTREAM_UNAVAILABLE while the upstream is down, begun after the first one came) | p99 < 100 ms | ${
      fastFails.length === 0
        ? `none came: the circuit never opened (p99 of all ${frozenAll.length} answers meanwhile ${fixed(
            percentile(
              frozenAll.map((o) => o.ms),
              99,
            ),
            0,
          )} ms)`
        : `p50 ${fixed(circuitP50, 0)} ms, p99 ${fixed(circuitP99, 0)} ms of ${fastFails.length} (the first came after ${fixed(
            (firstRefusal - (upstream?.start ?? 0)) / 1000,
            1,
          )} s)`
    } | ${budget(fastFails.length > 0 && circuitP99 < 100)} |`,
    `| goods queries' p99 with Redis down | ≤ 2 × normal (${fixed(normalP99, 0)} ms) | ${fixed(redisP99, 0)} ms | ${budget(redisP99 <= 2 * normalP99)} |`,
    `| orders answered placed that are missing or another's | 0 | ${lost.length} | ${budget(lost.length === 0)} |`,
    `| orders placed twice for one key | 0 | ${doubled} | ${budget(doubled === 0)} |`,
    `| orders paid twice / answered paid but unpaid | 0 | ${paidTwice} / ${paidMissing} | ${budget(paidTwice + paidMissing === 0)} |`,
    `| wallets whose balance is not the sum of their ledger | 0 of ${wallets.length} | ${walletsOff} | ${budget(walletsOff === 0)} |`,
    `| goods below zero / stock off by a sold line | 0 | ${belowZero} / ${stockOff} of ${stock.length} | ${budget(belowZero + stockOff === 0)} |`,
    `| buyers who got an answer without a clear code | 0 of ${BUYERS} | ${unclearBuyers.size} | ${budget(unclearBuyers.size === 0)} |`,
    '',
    `Processes that exited by themselves and were started again (docker-compose's \`restart: unless-stopped\`): ${[running.upstream, ...running.gateways].map((service) => `${service.name} ${service.crashes}`).join(', ')}.`,
    '',
    `Orders placed whose answer never reached the buyer (a retry with the same key found them, or the buyer gave up): ${placedUnanswered}. Buyers with at least one success: ${succeeded.size} of ${BUYERS}.`,
  ].join('\n');
  console.log(`\n${report}\n`);

  if (write) {
    const begin = '<!-- chaos:begin (written by npm run chaos) -->';
    const end = '<!-- chaos:end -->';
    const section = `${begin}\n## Chaos: buyers through failures (\`npm run chaos\`)\n\n${report}\n${end}`;
    const current = readFileSync(reportPath, 'utf8');
    const from = current.indexOf(begin);
    const to = current.indexOf(end);
    const next =
      from >= 0 && to > from
        ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
        : `${current.trimEnd()}\n\n${section}\n`;
    writeFileSync(reportPath, next);
    log(`wrote the chaos section of ${reportPath}`);
  }
} finally {
  await db?.end().catch(() => undefined);
  await topology?.close();
  try {
    postgres.stop();
  } catch (error) {
    console.error(error);
  }
  if (keep) log(`logs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
