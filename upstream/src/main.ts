import { createApp } from './app';
import { loadConfig, sellerOf } from './config';
import { migrate } from './db/migrate';
import { openStore } from './db/open';
import { growCatalogue } from './seed/generated-goods';
import { seedIfEmpty } from './seed/seed';

const config = loadConfig();
const db = await openStore(config);
const app = createApp({ db, config });

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

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

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
