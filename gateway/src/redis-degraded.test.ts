// ADR 0214: with Redis unreachable the gateway degrades and never stops. A redis-server of this file's own (port
// 6402) is killed mid-test and started again; the machine's Redis is never touched.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGatewaysOnFakeUpstream, type TestGateway } from './testkit/gateway';
import { buyer, cartList, goods } from './testkit/fixtures';
import { hasRedisServer, PrivateRedis } from './testkit/private-redis';
import { within } from './testkit/sse';
import { ci } from './testkit/config';
import { openRedis, RedisHealth } from './redis';

const redis = new PrivateRedis(6402);
const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

beforeAll(async () => {
  if (hasRedisServer || ci) await redis.start();
});
afterAll(async () => {
  await redis.stop();
});

beforeEach(async () => {
  await redis.start();
  upstream.ok('GET', '/api/goods/detail/3', goods({ id: 3, name: '感冒灵颗粒' }));
  upstream.ok('GET', '/api/user/base', buyer());
  upstream.ok('POST', '/api/favorite', [goods({ id: 3 })], '收藏成功');
  upstream.ok('POST', '/api/user/login', { token: 'tok', user: buyer() }, '登录成功');
});

const GOODS = '{ goods(id: "3") { id name } }';
const LOGIN = 'mutation { login(username: "demo", password: "demo1234") { token } }';
const AUTH = { authorization: 'Bearer buyer-a' };

/** The `redis_up` sample as /metrics serves it. */
async function redisUp(gw: TestGateway): Promise<string | undefined> {
  const text = await gw.gateway.metrics.registry.getSingleMetricAsString('redis_up');
  return /^redis_up (\d)$/m.exec(text)?.[1];
}

const shared = () => ({ REDIS_URL: redis.url, REDIS_PREFIX: `test-${randomUUID()}` });

describe.skipIf(!hasRedisServer && !ci)('ADR 0214: Redis unreachable degrades the gateway, never stops it', () => {
  it('answers goods and mutations with the cache bypassed, and says so in redis_up', async () => {
    const gw = gatewayWith(shared());
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'));
    await gw.gql(GOODS, {}, AUTH);
    await gw.gql(GOODS, {}, AUTH);
    expect(upstream.calls('GET', '/api/goods/detail/3')).toHaveLength(1);

    await redis.stop();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('0'));
    for (let i = 0; i < 2; i++) {
      const { body } = await gw.gql(GOODS, {}, AUTH);
      expect(body).toEqual({ data: { goods: { id: '3', name: '感冒灵颗粒' } } });
    }
    // Bypassed, not served from what Redis held: each read asks the upstream.
    expect(upstream.calls('GET', '/api/goods/detail/3')).toHaveLength(3);
    const favourite = await gw.gql('mutation { addFavorite(goodsIds: ["3"]) { goods { id } } }', {}, AUTH);
    expect(favourite.body.errors).toBeUndefined();
    const me = await gw.gql('{ me { username } }', {}, AUTH);
    expect(me.body).toEqual({ data: { me: { username: 'demo' } } });

    await redis.start();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'), { timeout: 5000 });
  });

  it('keeps counting cost budgets in this process while Redis is away', async () => {
    const gw = gatewayWith({ ...shared(), COST_BUDGET_PER_MINUTE: 40 });
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'));
    await redis.stop();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('0'));
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { body } = await gw.gql('{ me { id username company } }', {}, AUTH);
      codes.push(String(body.errors?.[0]?.extensions?.['code'] ?? 'OK'));
    }
    expect(codes[0]).toBe('OK');
    expect(codes).toContain('RATE_LIMITED');
  });

  it('refuses sign-in with 系统繁忙 while Redis is away (fail closed), and signs in again once it is back', async () => {
    const gw = gatewayWith(shared());
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'));
    await redis.stop();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('0'));
    const refused = await gw.gql(LOGIN);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: '系统繁忙，请稍候再试',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect(upstream.calls('POST', '/api/user/login')).toHaveLength(0);

    await redis.start();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'), { timeout: 5000 });
    const signedIn = await gw.gql(LOGIN);
    expect(signedIn.body).toEqual({ data: { login: { token: 'tok' } } });
  });

  it('delivers a cart change to this replica’s subscribers while Redis is away, and once when it is there', async () => {
    const gw = gatewayWith(shared());
    const { pubsub } = gw.gateway.pubsub;
    const event = { cart: cartList([], { user_id: 7 }) };
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'));
    const before = pubsub.subscribe('cartChanged', '7');
    const first = within(before, 1000);
    pubsub.publish('cartChanged', '7', event);
    expect(await first).toEqual(event);
    // The copy Redis carries back to the replica that published it is not delivered again.
    expect(await within(before, 300)).toBe('none');
    await before.return();

    await redis.stop();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('0'));
    const stream = pubsub.subscribe('cartChanged', '7');
    const during = within(stream, 1000);
    pubsub.publish('cartChanged', '7', event);
    expect(await during).toEqual(event);
    await stream.return();
  });

  it('logs the outage once and the recovery once, however many connections and commands see them', async () => {
    const warn = vi.fn();
    const info = vi.fn();
    const health = new RedisHealth({ warn, info });
    const connections = [0, 1].map((i) =>
      openRedis(redis.url, { connectionName: `test-${i}`, enableOfflineQueue: false }, health),
    );
    try {
      await vi.waitFor(() => expect(health.up).toBe(true));
      await redis.stop();
      await vi.waitFor(() => expect(health.up).toBe(false));
      for (const connection of connections) await expect(connection.get('k')).rejects.toThrow();
      // ioredis retries its connections meanwhile, each retry failing.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(info).not.toHaveBeenCalled();
      await redis.start();
      await vi.waitFor(() => expect(health.up).toBe(true), { timeout: 5000 });
      expect(info).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      health.close();
      for (const connection of connections) connection.disconnect();
    }
  });

  it('answers /readyz 200 with Redis named as degraded', async () => {
    upstream.ok('GET', '/healthz', { status: 'ready' });
    upstream.ok('GET', '/api/global/seller', {});
    const gw = gatewayWith(shared());
    const url = await gw.listen();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('1'));
    await redis.stop();
    await vi.waitFor(async () => expect(await redisUp(gw)).toBe('0'));
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ready: true, degraded: ['redis'], checks: { redis: 'down' } });
  });
});
