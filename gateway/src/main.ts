import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { createGateway } from './app';
import { serveMetrics } from './metrics';

const config = loadConfig();
const gateway = createGateway(config);
const server = createServer(gateway.handler);
const metricsServer = await serveMetrics(gateway.metrics, config.METRICS_HOST, config.METRICS_PORT);
const log = gateway.yoga.logger;

server.listen(config.PORT, () => {
  const { port } = server.address() as AddressInfo;
  log.info(
    `Gateway on http://localhost:${port}/ (GraphQL at /graphql), upstream ${config.UPSTREAM_URL}, ` +
      `metrics on http://${config.METRICS_HOST}:${(metricsServer.address() as AddressInfo).port}/metrics`,
  );
});

/**
 * OPS-03: a stop finishes what buyers started. Readiness goes false (the load balancer sends new buyers to another
 * replica), no new connection is taken, requests in flight get SHUTDOWN_GRACE_MS to finish, live streams end, then
 * Redis and the upstream pool close.
 */
async function stop(signal: string): Promise<void> {
  log.info(`${signal}: stopping; requests in flight have ${config.SHUTDOWN_GRACE_MS} ms to finish`);
  gateway.drain();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Subscriptions never finish by themselves: they end here, and their connections with them.
  await gateway.pubsub.close();
  const late = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(late);
  await gateway.close();
  await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
  log.info('stopped');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('stopping failed', error);
        process.exit(1);
      },
    );
  });
}
