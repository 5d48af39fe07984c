/**
 * The floor under the gateway's CPU per operation, for the bench: what any HTTP relay of one goods pays with no
 * GraphQL at all. Node's HTTP server reads a JSON POST, undici asks the upstream for the goods (a kept-alive pool, as
 * the gateway's RestClient keeps one), the answer is parsed, reshaped into a few fields and written back.
 *
 *   node --import tsx gateway/bench/floor.ts <upstream url>
 *
 * Prints `listening <port>` as gateway/bench/server.ts does, so the same harnesses start either.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const upstreamUrl = process.argv[2];
if (!upstreamUrl) throw new Error('usage: floor.ts <upstream url>');
const upstream = new Pool(upstreamUrl, { connections: 16, pipelining: 1 });

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => {
    void (async () => {
      const { variables } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { variables?: { id?: string } };
      const answer = await upstream.request({
        method: 'GET',
        path: `/api/goods/detail/${encodeURIComponent(variables?.id ?? '1')}`,
        headers: { authorization: req.headers.authorization ?? '', accept: 'application/json' },
      });
      const { data } = (await answer.body.json()) as { data: Record<string, unknown> };
      const body = JSON.stringify({
        data: { goods: { id: String(data['id']), name: data['name'], stock: data['number'], price: data['price'] } },
      });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => server.close(() => void upstream.close().then(() => process.exit(0))));
