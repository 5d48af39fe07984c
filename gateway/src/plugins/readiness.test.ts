import { describe, expect, it, vi } from 'vitest';
import { useGatewaysOnFakeUpstream } from '../testkit/gateway';
import { UpstreamSecretWatch } from './readiness';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

const SECRET = 'a-secret-of-the-gateway-32-chars-long!';
const refuse = () => upstream.fail('GET', '/api/global/seller', 401, { code: 40101, message: '请求来源未经授权' });

describe('OPS-01: readiness says whether this replica can serve buyers', () => {
  it('is ready while the upstream answers and accepts the secret', async () => {
    upstream.ok('GET', '/healthz', { status: 'ready' });
    upstream.ok('GET', '/api/global/seller', {});
    const url = await gatewayWith({ UPSTREAM_SECRET: SECRET }).listen();
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      ready: true,
      degraded: [],
      checks: { upstream: 'ok', upstreamSecret: 'ok' },
    });
  });

  it('answers 503 when the upstream refuses the gateway’s secret, though its /healthz answers', async () => {
    upstream.ok('GET', '/healthz', { status: 'ready' });
    refuse();
    const gw = gatewayWith({ UPSTREAM_SECRET: SECRET });
    const url = await gw.listen();
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      ready: false,
      checks: { upstream: 'ok', upstreamSecret: 'refused' },
    });
    // /healthz stays liveness: nobody restarts the process for a configuration elsewhere.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('answers 503 when the upstream is unreachable', async () => {
    const url = await gatewayWith({ UPSTREAM_URL: 'http://127.0.0.1:1' }).listen();
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ready: false, checks: { upstream: 'down' } });
  });

  it('answers 503 from the moment the process starts stopping', async () => {
    upstream.ok('GET', '/healthz', { status: 'ready' });
    const gw = gatewayWith();
    const url = await gw.listen();
    gw.gateway.drain();
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'stopping', ready: false });
  });
});

describe('OPS-14: a refused UPSTREAM_SECRET is logged once, by name, never its value', () => {
  it('logs one error per episode and again only after the secret was accepted in between', () => {
    const log = vi.fn();
    const watch = new UpstreamSecretWatch(log);
    watch.refusedNow();
    watch.refusedNow();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('UPSTREAM_SECRET');
    watch.acceptedNow();
    watch.refusedNow();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('is told by a buyer’s call the upstream refused, whose answer stays 系统繁忙', async () => {
    refuse();
    upstream.fail('GET', '/api/goods/detail/3', 401, { code: 40101, message: '请求来源未经授权' });
    const lines: string[] = [];
    const gw = gatewayWith({ UPSTREAM_SECRET: SECRET });
    vi.spyOn(gw.gateway.yoga.logger, 'error').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    for (let i = 0; i < 3; i++) {
      const { body } = await gw.gql('{ goods(id: "3") { id } }', {}, { authorization: `Bearer b${i}` });
      expect(body.errors?.[0]).toMatchObject({ message: '系统繁忙，请稍候再试' });
    }
    expect(lines.filter((line) => line.includes('UPSTREAM_SECRET'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});
