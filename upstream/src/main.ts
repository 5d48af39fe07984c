import { createApp } from './app';
import { refreshFacetIndex } from './areas/catalogue/facet-index';
import { loadConfig, sellerOf } from './config';
import { migrate } from './db/migrate';
import { openStore } from './db/open';
import { growCatalogue } from './seed/generated-goods';
import { seedIfEmpty } from './seed/seed';

// OPS-20: a wrong variable ends the process at once with its name and message and sysexits' EX_CONFIG (78), which
// `npm start` reads as "stop, do not restart"; a stack trace would only bury the message.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(78);
  }
})();
const db = await openStore(config);
// OPS-40: the tracing code is loaded only when a collector is configured; unset, it costs nothing.
const tracing = config.otel === undefined ? undefined : (await import('./lib/tracing')).startTracing(config.otel);
const app = createApp({ db, config, tracing });

const applied = await migrate(db);
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
if (await seedIfEmpty(db, undefined, { seller: sellerOf(config) }))
  app.log.info('store seeded with the demo catalogue');
if (config.seedGoods !== undefined) {
  const added = await growCatalogue(db, {
    target: config.seedGoods,
    onProgress: ({ done, target, seconds }) =>
      app.log.info(
        `seeding the catalogue: ${done.toLocaleString('en')} of ${target.toLocaleString('en')} goods, ${seconds.toFixed(0)} s`,
      ),
  });
  if (added > 0) app.log.info(`catalogue grown by ${added.toLocaleString('en')} generated goods (SEED_GOODS)`);
}
// FACET-10: goods seeded, grown or migrated since the last fold are counted now rather than by the first list.
await refreshFacetIndex(db);

// OPS-03: the first SIGINT or SIGTERM closes the server (requests in flight finish) and then the store; any further
// one, as a second Ctrl-C or a supervisor's kill of the whole process group sends, is logged and ignored.
let stopping = false;
const close = async (signal: string) => {
  if (stopping) {
    app.log.warn({ signal }, 'signal while shutting down: ignored; requests in flight are finishing');
    return;
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  // OPS-43: the spans still buffered are sent before the process ends.
  await tracing?.shutdown();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

// SEC-15: only this machine reaches the upstream unless UPSTREAM_HOST opens it (a container beside the gateway's).
const host = config.host ?? '127.0.0.1';
await app.listen({ port: config.port, host });
app.log.info(
  `upstream ready at http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api (${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
);
if (config.gatewaySecret === undefined && !['127.0.0.1', '::1', 'localhost'].includes(host)) {
  // SEC-16: reachable from elsewhere and open to anyone: the gateway's limits and checks can be walked around.
  app.log.warn(`listening on ${host} without UPSTREAM_SECRET: any caller that reaches this port is served`);
}
