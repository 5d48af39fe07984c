import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditTo } from './audit';
import { createLogger } from './logger';
import { send } from './testkit/fake-upstream';
import { useGatewaysOnFakeUpstream } from './testkit/gateway';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

/** JSON lines written to a destination, parsed. */
function collector() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, destination };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('OPS-21: pictures at the gateway address', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  beforeEach(() => {
    upstream.on('GET', '/api/images/goods/7.svg', (_seen, res, req) =>
      req.headers['if-none-match'] === '"g7"'
        ? send(res, 304, '', { etag: '"g7"', 'cache-control': 'public, max-age=31536000, immutable' })
        : send(res, 200, SVG, {
            'content-type': 'image/svg+xml; charset=utf-8',
            'cache-control': 'public, max-age=31536000, immutable',
            etag: '"g7"',
          }),
    );
  });

  it('streams a picture from the upstream with its type and cache headers, so one PUBLIC_URL serves everything', async () => {
    const url = await gatewayWith().listen();
    const response = await fetch(`${url}/api/images/goods/7.svg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SVG);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe('"g7"');
    // A picture opened on its own is shown, never run (SVG can carry script).
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('passes a revalidation through: the browser gets 304 without a body', async () => {
    const url = await gatewayWith().listen();
    const response = await fetch(`${url}/api/images/goods/7.svg`, { headers: { 'if-none-match': '"g7"' } });
    expect(response.status).toBe(304);
  });

  it('answers an unknown picture 404 in Chinese, and relays nothing outside the picture addresses', async () => {
    const url = await gatewayWith().listen();
    const missing = await fetch(`${url}/api/images/goods/8.svg`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('图片不存在');
    for (const path of ['/api/images/goods/7.svg.bak', '/api/images/goods/7', '/api/user/base'])
      await fetch(`${url}${path}`);
    expect(upstream.seen.map((seen) => seen.path)).toEqual(['/api/images/goods/8.svg']);
  });

  it('answers 502 in Chinese when the upstream cannot be reached', async () => {
    const url = await gatewayWith({ UPSTREAM_URL: 'http://127.0.0.1:9' }).listen();
    const response = await fetch(`${url}/api/images/goods/7.svg`);
    expect(response.status).toBe(502);
    expect(await response.text()).toBe('图片暂时无法加载，请稍候再试');
  });
});

describe('PAY-13: unapplied payments as a metric to alert on', () => {
  it('reports the upstream count and sum when Prometheus scrapes', async () => {
    upstream.ok('GET', '/api/ops/payments/unapplied', { count: 2, amount: 12345 });
    const text = await gatewayWith().gateway.metrics.registry.metrics();
    expect(text).toMatch(/^unapplied_payments 2$/m);
    expect(text).toMatch(/^unapplied_payments_fen 12345$/m);
    // Both gauges of one scrape come from one call.
    expect(upstream.calls('GET', '/api/ops/payments/unapplied')).toHaveLength(1);
  });

  it('reports NaN, not 0, when the upstream does not answer, so an outage never reads as nothing to refund', async () => {
    upstream.on('GET', '/api/ops/payments/unapplied', (_seen, res) => send(res, 500, { code: 500, message: 'x' }));
    const text = await gatewayWith().gateway.metrics.registry.metrics();
    // prom-client writes `Nan`; Prometheus reads either case.
    expect(text).toMatch(/^unapplied_payments nan$/im);
  });
});

describe('SEC-24: audit lines with the request id', () => {
  it('writes csrf.refused for a simple cross-site request without the CSRF header', async () => {
    const gw = gatewayWith();
    const { lines, destination } = collector();
    auditTo({ destination, level: 'info' });
    const url = await gw.listen();
    const response = await fetch(`${url}/graphql?query=%7B__typename%7D`, {
      headers: { origin: 'https://evil.example', 'x-request-id': 'req-csrf-1' },
    });
    expect(response.status).toBe(403);
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        event: 'csrf.refused',
        requestId: 'req-csrf-1',
        origin: 'https://evil.example',
        method: 'GET',
      }),
    ]);
  });

  it('writes login.locked when an account is locked, naming the window and never the password', async () => {
    upstream.refuse('POST', '/api/user/login', { password: ['用户名或密码错误'] }, 'invalid');
    const gw = gatewayWith();
    const { lines, destination } = collector();
    auditTo({ destination, level: 'info' });
    const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';
    for (let i = 0; i < 11; i++) await gw.gql(LOGIN, { u: 'demo', p: `wrong-${i}` });
    await settle();
    expect(lines).toEqual([expect.objectContaining({ event: 'login.locked', limiter: 'loginPair' })]);
    expect(JSON.stringify(lines)).not.toContain('wrong-');
  });

  it('writes budget.refused when a client spends past its cost budget', async () => {
    const gw = gatewayWith({ COST_BUDGET_PER_MINUTE: 1 });
    const { lines, destination } = collector();
    auditTo({ destination, level: 'info' });
    upstream.ok('GET', '/api/goods/detail/1', null);
    const answers = [await gw.gql('{ goods(id: "1") { id } }'), await gw.gql('{ goods(id: "1") { id } }')];
    expect(answers.some((answer) => answer.body.errors?.[0]?.extensions?.['code'] === 'RATE_LIMITED')).toBe(true);
    await settle();
    expect(lines[0]).toMatchObject({ event: 'budget.refused', limiter: 'costBudget' });
  });
});

describe('SEC-23: redaction at every level', () => {
  it('writes a debug line with a phone, an ID card number and a cookie redacted', async () => {
    const { lines, destination } = collector();
    const log = createLogger({ level: 'debug', destination });
    log.debug('sms to 13812345678 for 11010519491231002X', {
      headers: { cookie: 'token=abc123' },
      buyer: { contact: 'Cookie: token=abc123; 身份证 11010519491231002X' },
    });
    await settle();
    expect(lines).toHaveLength(1);
    const text = JSON.stringify(lines[0]);
    expect(lines[0]).toMatchObject({ level: 'debug', msg: 'sms to 138****5678 for 110***********002X' });
    for (const secret of ['13812345678', '11010519491231002X', 'abc123']) expect(text).not.toContain(secret);
  });
});
