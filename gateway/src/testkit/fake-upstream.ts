import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Wording } from '@pharma/domain/wording';
import qs from 'qs';

/** What the fake upstream saw of one request. */
export interface Seen {
  method: string;
  path: string;
  query: qs.ParsedQs;
  form: qs.ParsedQs;
  rawBody: string;
  authorization: string | undefined;
  cookie: string | undefined;
  contentType: string | undefined;
}

export type Route = (seen: Seen, res: ServerResponse, req: IncomingMessage) => void | Promise<void>;

/**
 * A real HTTP server on port 0 that answers like the REST API, and misbehaves on demand: each test installs the
 * routes it needs. Unknown paths answer the API's 404 envelope.
 */
export class FakeUpstream {
  readonly seen: Seen[] = [];
  private readonly routes = new Map<string, Route>();
  private readonly sockets = new Set<Socket>();

  private server: Server | undefined;

  static async start(): Promise<FakeUpstream> {
    const upstream = new FakeUpstream();
    await upstream.listen();
    return upstream;
  }

  /** Listens on a fresh port with no routes and nothing seen, so one instance can serve test after test. */
  async listen(): Promise<void> {
    this.seen.length = 0;
    this.routes.clear();
    const server = createServer();
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
  }

  get url(): string {
    if (!this.server) throw new Error('the fake upstream is not listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  on(method: string, path: string, route: Route): this {
    this.routes.set(`${method} ${path}`, route);
    return this;
  }

  /** Answers the success envelope with `data`. */
  ok(method: string, path: string, data: unknown, message = 'success'): this {
    return this.on(method, path, (_seen, res) => send(res, 200, { code: 10000, message, data }));
  }

  /**
   * Answers the form error (422) with `fields` as `{ field: [messages] }`; its message is, as the upstream's is, the
   * first message of the first field unless the test gives another.
   */
  refuse(method: string, path: string, fields: Record<string, string[]>, message?: string): this {
    return this.on(method, path, (_seen, res) => sendRefusal(res, fields, message));
  }

  /** Answers any other error envelope (a business refusal, a 404, a 500): `status` with the envelope's own code. */
  fail(method: string, path: string, status: number, { code, message, data = null }: Failure): this {
    return this.on(method, path, (_seen, res) => send(res, status, { code, message, data }));
  }

  calls(method: string, path: string): Seen[] {
    return this.seen.filter((seen) => seen.method === method && seen.path === path);
  }

  /** The parsed query of the first request to `method path`; undefined when none came. */
  query(method: string, path: string): qs.ParsedQs | undefined {
    return this.calls(method, path)[0]?.query;
  }

  /** The parsed form body of the first request to `method path`; undefined when none came. */
  form(method: string, path: string): qs.ParsedQs | undefined {
    return this.calls(method, path)[0]?.form;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://upstream');
    const seen: Seen = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: qs.parse(url.search.slice(1)),
      form: qs.parse(rawBody),
      rawBody,
      authorization: req.headers.authorization,
      cookie: req.headers.cookie,
      contentType: req.headers['content-type'],
    };
    this.seen.push(seen);
    const route = this.routes.get(`${seen.method} ${seen.path}`);
    if (route) await route(seen, res, req);
    else send(res, 404, { code: 404, message: '资源不存在', data: null });
  }
}

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** An error envelope; `data` is null unless the error carries more. */
export interface Failure {
  code: number;
  message: string;
  data?: unknown;
}

/** Sends the upstream's form error; for a route that refuses only some requests (see FakeUpstream.refuse). */
export function sendRefusal(res: ServerResponse, fields: Record<string, string[]>, message?: string): void {
  send(res, 422, { code: 422, message: message ?? Object.values(fields)[0]?.[0] ?? Wording.formInvalid, data: fields });
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
