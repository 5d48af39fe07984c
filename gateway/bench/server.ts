/** The gateway alone in its process, for bench/cpu.ts: `node --import tsx gateway/bench/server.ts <upstream url>`. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '../src/app';
import { configWith } from '../src/config';

const upstreamUrl = process.argv[2];
if (!upstreamUrl) throw new Error('usage: server.ts <upstream url>');
const gateway = createGateway(configWith({ UPSTREAM_URL: upstreamUrl, NODE_ENV: 'production', PORT: 0 }));
const server = createServer(gateway.handler);
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => server.close(() => void gateway.close().then(() => process.exit(0))));
