import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { createGateway } from './app';

const config = loadConfig();
const gateway = createGateway(config);
const server = createServer(gateway.handler);

server.listen(config.PORT, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Gateway on http://localhost:${port}/ (GraphQL at /graphql), upstream ${config.UPSTREAM_URL}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => void gateway.close().then(() => process.exit(0)));
  });
}
