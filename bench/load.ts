/**
 * One autocannon run in a process of its own, so the load generator does not share an event loop with what it
 * measures. Reads a LoadSpec as JSON from argv[2] and prints a LoadResult as JSON on stdout.
 */
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './lib/load-spec';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
let turn = 0;

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  // A pipelined load would flatter both sides; buyers' browsers send one request per connection at a time.
  pipelining: 1,
  requests: spec.requests.map((request) => ({
    method: request.method,
    path: request.path,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    // Each request of a mixed load carries the next buyer's token, so no per-session cache can serve it twice.
    ...(spec.tokens && spec.tokens.length > 0
      ? {
          setupRequest: (req: autocannon.Request) => {
            const token = spec.tokens?.[turn++ % (spec.tokens?.length ?? 1)] ?? '';
            return { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } };
          },
        }
      : {}),
  })),
});

const out: LoadResult = {
  requests: result.requests.total,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
  bytes: result.throughput.total,
};
process.stdout.write(JSON.stringify(out));
