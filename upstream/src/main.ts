import { createApp } from './app';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { openStore } from './db/open';
import { seedIfEmpty } from './seed/seed';

const config = loadConfig();
const db = await openStore(config);
const app = createApp({ db, config });

const applied = await migrate(db);
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
if (await seedIfEmpty(db)) app.log.info('store seeded with the demo catalogue');

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: '0.0.0.0' });
app.log.info(
  `upstream ready at http://localhost:${config.port}/api (${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
);
