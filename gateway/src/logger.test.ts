import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, logged, scrub, traceOf, traced, type RequestTrace } from './logger';

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
});

function collect() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

describe('OPS-06: JSON logs with the request id and no secrets', () => {
  it('scrubs mobile numbers, tokens, passwords and codes from whatever text is logged', () => {
    expect(scrub('验证码发送失败 13812345678 Bearer abc.def token=xyz; password=hunter2&code=123456')).toBe(
      '验证码发送失败 138****5678 Bearer [redacted] token=[redacted]; password=[redacted]&code=[redacted]',
    );
    expect(scrub('{"password":"demo1234","username":"demo"}')).toBe('{"password":"[redacted]","username":"demo"}');
  });

  it('writes one JSON line per event, with the id and trace of the request it is about', async () => {
    const { lines, logger } = collect();
    let seen: RequestTrace | undefined;
    server = createServer((req, res) => {
      traced(req, res);
      seen = traceOf({ get: (name) => (typeof req.headers[name] === 'string' ? req.headers[name] : null) });
      logger.warn('upstream refused 13812345678', new Error('login failed for Bearer secret-token'), logged(seen));
      res.end('ok');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const response = await fetch(url, { headers: { 'x-request-id': 'req-42', traceparent: parent } });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    expect(seen?.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(seen?.traceparent).not.toBe(parent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      service: 'gateway',
      requestId: 'req-42',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      msg: 'upstream refused 138****5678',
      details: { type: 'Error', message: 'login failed for Bearer [redacted]' },
    });
    // A request id a client made up to smuggle text into the logs is replaced.
    const forged = await fetch(url, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });
});
