import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { createGateway } from './app';
import { serveMetrics } from './metrics';

// OPS-20: a wrong variable ends the process at once with its name and message and sysexits' EX_CONFIG (78), which
// `npm start` reads as "stop"; a stack trace would only bury the message.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(78);
  }
})();
// OPS-40: the tracing code is loaded only when a collector is configured; unset, it costs nothing.
const tracing =
  config.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
    ? undefined
    : (await import('./tracing')).startTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: config.OTEL_SERVICE_NAME,
        graphqlPath: '/graphql',
      });
const gateway = createGateway(config, { tracingPlugins: tracing?.plugins });
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
  // OPS-43: the spans still buffered are sent before the process ends.
  await tracing?.shutdown();
  await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
  log.info('stopped');
}

// OPS-03: the first SIGINT or SIGTERM stops the gateway; any further one (a second Ctrl-C, a supervisor's kill of the
// whole process group, start.ts passing it on) is logged and ignored, so the requests in flight still finish. Past
// SHUTDOWN_GRACE_MS the stop closes what is left itself.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log.warn(`${signal} while stopping: ignored; requests in flight are finishing`);
      return;
    }
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('stopping failed', error);
        process.exit(1);
      },
    );
  });
}
