import { LRUCache } from 'lru-cache';
import { hash } from 'node:crypto';
import CircuitBreaker from 'opossum';
import { Pool, type Dispatcher, type FormData } from 'undici';
import qs from 'qs';
import { parse as parseCookies } from 'cookie';
import { Code, Refusal, SUCCESS_CODES } from '@pharma/domain/codes';
import type { components, paths } from '../generated/rest';
import { answerValidators } from '../generated/validators.js';
import type { RequestTrace } from '../logger';
import {
  badUserInput,
  business,
  contractRequired,
  payloadTooLarge,
  rateLimited,
  timedOut,
  unauthenticated,
  unavailable,
  upstreamStatusOf,
  type FieldErrors,
} from '../errors';

/** A successful upstream answer: the envelope's `data` and the message meant for the buyer. */
export interface Answer<T> {
  data: T;
  message: string;
}

/** What a GraphQL request carries that identifies the buyer to the upstream. */
export interface Credentials {
  authorization: string | null;
  cookie: string | null;
  /** The buyer's address, passed on as `x-forwarded-for` for the upstream's limits (SEC-14, SEC-18). */
  clientAddress: string | null;
  /** The request's id and trace (OPS-06), passed on so the upstream's log lines match the gateway's. */
  trace?: RequestTrace | undefined;
}

export type Params = Record<string, unknown>;

/** The named shapes of upstream/openapi.yaml (`Schemas['Goods']`): what mapper types alias. */
export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'delete';

/** The documented paths that answer `method`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = paths[P][M];

type SuccessBody<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : O extends { responses: { 201: { content: { 'application/json': infer B } } } }
    ? B
    : never;

/**
 * The documented `data` of a success answer of `method path`. The envelope requires `data` (possibly null), so the
 * optional marker openapi-typescript gives the `allOf` member is dropped.
 */
export type AnswerData<P extends keyof paths, M extends Method> =
  SuccessBody<Operation<P, M>> extends { data?: infer D } ? Exclude<D, undefined> : never;

/** A form as it travels (`application/x-www-form-urlencoded` is text): a number field may carry a GraphQL ID. */
type Wire<T> = T extends number
  ? T | string
  : T extends readonly (infer I)[]
    ? readonly Wire<I>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** The documented form body of `method path`, as sent. */
export type FormOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/x-www-form-urlencoded': infer F } } }
    ? Wire<F>
    : never;

type PathParams<O> = O extends { parameters: { path: infer Q } } ? { [K in keyof Q]: string | number } : never;

/** What a call sends besides the path: its path parameters (typed by the description), query and form. */
export type CallOptions<P extends keyof paths, M extends Method> = ([PathParams<Operation<P, M>>] extends [never]
  ? { path?: undefined }
  : { path: PathParams<Operation<P, M>> }) & {
  /** Written by qs (`brackets` for lists), or already written (`idListQuery`). */
  query?: Params | URLSearchParams;
  form?: Params;
  /** `indices` for lists of objects (`params[0][goods_id]`), `brackets` for lists of ids (`ids[]=4`). */
  arrayFormat?: 'brackets' | 'indices';
};

/**
 * A list of ids as a query, as qs writes one (`goods_ids%5B%5D=1&goods_ids%5B%5D=2`), written by the platform: qs
 * spent several times the CPU and memory on a page's 50 ids, twice per page (favourite marks, activities).
 */
export function idListQuery(name: string, ids: readonly string[]): URLSearchParams {
  return new URLSearchParams(ids.map((id) => [`${name}[]`, id]));
}

/** Optional only when the path has no parameters. */
type CallArgs<P extends keyof paths, M extends Method> = [PathParams<Operation<P, M>>] extends [never]
  ? [options?: CallOptions<P, M>]
  : [options: CallOptions<P, M>];

export interface RestClientOptions {
  baseUrl: string;
  /** How long a POST or DELETE may wait for its answer (UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long a GET may wait (UPSTREAM_READ_TIMEOUT_MS), at most `timeoutMs`; unset, `timeoutMs` (OPS-05). */
  readTimeoutMs?: number;
  /** Told when the upstream refuses the gateway's secret (code 40101), for readiness and its log line (OPS-14). */
  onSecretRefused?: () => void;
  /** Where transport failures are reported, with the request they happened in; they never reach a client. */
  log?: (message: string, cause: unknown, trace?: RequestTrace) => void;
  /** The upstream's `UPSTREAM_SECRET`, sent as `x-gateway-secret` with every call (SEC-16, SEC-18). */
  secret?: string | undefined;
  /** Told of every call: its method, documented path, HTTP status (0: no answer) and seconds (OPS-02). */
  onCall?: (method: string, route: string, status: number, seconds: number) => void;
  /** Told when the circuit to the upstream opens (true) and closes again (false) (OPS-05). */
  onCircuit?: (open: boolean) => void;
}

/**
 * OPS-05: when the upstream stops answering (time-outs, refused connections; never a business refusal or a 5xx,
 * which it answered), calls fail at once with UPSTREAM_UNAVAILABLE instead of holding each buyer for the whole
 * time-out, and one call is let through every few seconds to see whether it is back. The circuit opens on the first
 * call that timed out or found no upstream when nothing has answered since that call was sent: a stalled upstream
 * is then caught by one buyer's first click as by a crowd's, while one slow call among answered ones is not.
 * Besides, half the calls of a window (at least five) failing open it, for an upstream that fails intermittently.
 * The window spans two time-outs, so the time-outs of a stalled upstream are in it when they finally settle.
 */
const CIRCUIT = { failureShare: 50, minimumCalls: 5, retryAfterMs: 5000 };
/** The failures that mean no upstream is there to answer: the circuit opens on one (OPS-05). */
const UNREACHABLE_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNREFUSED',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
// A kept-alive socket closed by the upstream between two requests surfaces as one of these; the request never ran.
const RETRYABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET']);

interface RawAnswer {
  status: number;
  /** The body's bytes, decoded to text only when they are not an answer already decoded (CACHE-02). */
  body: Buffer;
  /** The `Retry-After` seconds of a 429 (SEC-18). */
  retryAfter?: number | undefined;
}

/**
 * The one place that talks to the REST API: a keep-alive pool per upstream, shared by all GraphQL requests, and
 * one `UpstreamSession` per GraphQL request carrying that buyer's credentials and collecting the cookies the
 * upstream sets.
 */
export class RestClient {
  private readonly pool: Pool;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly readTimeoutMs: number;
  private readonly secret: string | undefined;
  private readonly onSecretRefused: () => void;
  /** When the upstream last answered anything (performance.now()): a failure of a call sent before it is isolated. */
  private answeredAt = 0;
  private readonly onCall: NonNullable<RestClientOptions['onCall']>;
  private readonly circuit: CircuitBreaker<[() => Promise<Dispatcher.ResponseData>], Dispatcher.ResponseData>;
  /** @internal */
  readonly log: (message: string, cause: unknown, trace?: RequestTrace) => void;

  constructor(options: RestClientOptions) {
    const url = new URL(options.baseUrl);
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
    this.readTimeoutMs = Math.min(options.readTimeoutMs ?? options.timeoutMs, options.timeoutMs);
    this.secret = options.secret;
    this.onSecretRefused = options.onSecretRefused ?? (() => undefined);
    this.log = options.log ?? ((message, cause) => console.warn(`[gateway] ${message}`, cause));
    this.pool = new Pool(url.origin, {
      connections: 64,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: Math.min(options.timeoutMs, 10_000) },
    });
    this.onCall = options.onCall ?? (() => undefined);
    this.circuit = new CircuitBreaker((request: () => Promise<Dispatcher.ResponseData>) => request(), {
      timeout: false,
      errorThresholdPercentage: CIRCUIT.failureShare,
      volumeThreshold: CIRCUIT.minimumCalls,
      resetTimeout: CIRCUIT.retryAfterMs,
      rollingCountTimeout: Math.max(10_000, 2 * options.timeoutMs),
    });
    const onCircuit = options.onCircuit ?? (() => undefined);
    this.circuit.on('open', () => {
      this.log(`the upstream is not answering: calls fail at once for ${CIRCUIT.retryAfterMs / 1000} s`, undefined);
      onCircuit(true);
    });
    this.circuit.on('close', () => onCircuit(false));
  }

  /** How long a call of `method` may wait for its answer: reads less than mutations (OPS-05). */
  timeoutFor(method: string): number {
    return method === 'GET' ? this.readTimeoutMs : this.timeoutMs;
  }

  /** One request through the circuit (OPS-05); an open circuit answers at once with the error a buyer sees. */
  private async request(options: Dispatcher.RequestOptions, method: string, route: string) {
    const started = performance.now();
    const timeout = this.timeoutFor(method);
    try {
      const response = await this.circuit.fire(() =>
        this.pool.request({ ...options, headersTimeout: timeout, bodyTimeout: timeout }),
      );
      this.answeredAt = performance.now();
      this.onCall(method, route, response.statusCode, (performance.now() - started) / 1000);
      return response;
    } catch (error) {
      this.onCall(method, route, 0, (performance.now() - started) / 1000);
      const code = errorCode(error);
      // Nothing answered since this call was sent, and it found no upstream: open now, not after a crowd's worth.
      if (code !== undefined && UNREACHABLE_CODES.has(code) && this.answeredAt < started) this.circuit.open();
      throw error;
    }
  }

  /**
   * SEC-18: who is calling, for the upstream's limits, and the proof that it is this gateway saying so (the upstream
   * trusts `x-forwarded-for` only beside the secret). Set, never appended to: what a buyer sends is theirs to invent.
   */
  private gatewayHeaders(credentials: Credentials): Record<string, string> {
    const headers: Record<string, string> = {};
    // OPS-06: the upstream's log lines of this call carry the request's id and trace.
    const { trace } = credentials;
    if (trace !== undefined) {
      headers['x-request-id'] = trace.requestId;
      headers['traceparent'] = trace.traceparent;
    }
    if (this.secret !== undefined) headers['x-gateway-secret'] = this.secret;
    if (credentials.clientAddress) headers['x-forwarded-for'] = credentials.clientAddress;
    return headers;
  }

  session(credentials: Credentials, setCookies: string[]): UpstreamSession {
    return new UpstreamSession(this, credentials, setCookies);
  }

  close(): Promise<void> {
    this.circuit.shutdown();
    return this.pool.close();
  }

  /** @internal Sends one request; retries a GET once when the connection failed before any answer. */
  async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    credentials: Credentials,
    setCookies: string[],
    body: string | FormData | undefined,
    route: string = path,
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.gatewayHeaders(credentials) };
    if (credentials.authorization) headers.authorization = credentials.authorization;
    if (credentials.cookie) headers.cookie = credentials.cookie;
    // A FormData body is multipart: undici writes its content type with the boundary.
    if (typeof body === 'string') headers['content-type'] = 'application/x-www-form-urlencoded';
    const fullPath = this.prefix + path;

    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.request({ method, path: fullPath, headers, body }, method, route);
        const bytes = Buffer.from(await response.body.arrayBuffer());
        if (response.statusCode === 401 && refusesSecret(bytes)) this.onSecretRefused();
        const cookies = response.headers['set-cookie'];
        if (typeof cookies === 'string') setCookies.push(cookies);
        else if (cookies) setCookies.push(...cookies);
        return { status: response.statusCode, body: bytes, retryAfter: retryAfterOf(response.headers['retry-after']) };
      } catch (error) {
        const code = errorCode(error);
        if (code === 'EOPENBREAKER') throw unavailable();
        if (code !== undefined && TIMEOUT_CODES.has(code)) {
          this.log(`${method} ${path} timed out after ${this.timeoutFor(method)} ms`, error, credentials.trace);
          throw timedOut();
        }
        // Only a GET is safe to repeat: a POST (add to cart, order) may have run before the connection broke.
        if (method === 'GET' && attempt === 1 && code !== undefined && RETRYABLE_CODES.has(code)) continue;
        this.log(`${method} ${path} failed`, error, credentials.trace);
        throw unavailable();
      }
    }
  }

  /**
   * @internal A GET whose answer is bytes (an uploaded file, FILE-02), relayed as the upstream gave it: status, the
   * headers that describe the bytes, and the bytes. Transport failures are UPSTREAM_UNAVAILABLE / UPSTREAM_TIMEOUT.
   */
  async sendForBytes(path: string, credentials: Credentials): Promise<BytesAnswer> {
    const headers: Record<string, string> = this.gatewayHeaders(credentials);
    if (credentials.authorization) headers.authorization = credentials.authorization;
    if (credentials.cookie) headers.cookie = credentials.cookie;
    try {
      // Ids and the query (an export's dates, ORDER-18) out of the metric's label: one series per kind of file.
      const route = (path.split('?', 1)[0] ?? path).replace(/\/\d+(?=\/|$)/g, '/{id}');
      const response = await this.request({ method: 'GET', path: this.prefix + path, headers }, 'GET', route);
      const bytes = new Uint8Array(await response.body.arrayBuffer());
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      return {
        status: response.statusCode,
        contentType: header('content-type'),
        contentDisposition: header('content-disposition'),
        bytes,
      };
    } catch (error) {
      const code = errorCode(error);
      this.log(`GET ${path} failed`, error, credentials.trace);
      throw code !== undefined && TIMEOUT_CODES.has(code) ? timedOut() : unavailable();
    }
  }
}

/** Whether a 401 is the upstream refusing the gateway's secret (SEC-16), not a buyer's session. */
function refusesSecret(body: Buffer): boolean {
  return parseEnvelope(UTF8.decode(body))?.code === Refusal.GATEWAY_SECRET_REQUIRED;
}

/** Whole seconds of a `Retry-After` header (the upstream writes seconds, never a date). */
function retryAfterOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** The upstream's answer of a file read (`sendForBytes`). */
export interface BytesAnswer {
  status: number;
  contentType: string | undefined;
  contentDisposition: string | undefined;
  bytes: Uint8Array;
}

/** The upstream as seen by one GraphQL request. */
export class UpstreamSession {
  constructor(
    private readonly client: RestClient,
    private readonly credentials: Credentials,
    private readonly setCookies: string[],
  ) {}

  /**
   * False when the request carries no credentials at all (no bearer token, no `token` cookie): a visitor, whose
   * per-buyer reads (favourite marks) need no upstream call. True does not prove a valid session.
   */
  get presentsCredentials(): boolean {
    if (this.credentials.authorization) return true;
    return Boolean(this.credentials.cookie && parseCookies(this.credentials.cookie).token);
  }

  /** `get('/api/goods/detail/{id}', { path: { id } })` answers the documented `data` of that path, decoded. */
  get<P extends PathOf<'get'>>(path: P, ...[options]: CallArgs<P, 'get'>): Promise<Answer<AnswerData<P, 'get'>>> {
    return this.call('get', path, options);
  }

  /** Like `get`, but an upstream 404 is an answer (`null`), not an error. */
  async getOrNull<P extends PathOf<'get'>>(
    path: P,
    ...[options]: CallArgs<P, 'get'>
  ): Promise<Answer<AnswerData<P, 'get'>> | null> {
    try {
      return await this.call('get', path, options);
    } catch (error) {
      if (upstreamStatusOf(error) === 404) return null;
      throw error;
    }
  }

  post<P extends PathOf<'post'>>(path: P, ...[options]: CallArgs<P, 'post'>): Promise<Answer<AnswerData<P, 'post'>>> {
    return this.call('post', path, options);
  }

  /** A multipart POST (an upload): `form` as undici's FormData; the answer is decoded like any other. */
  async postMultipart<P extends PathOf<'post'>>(path: P, form: FormData): Promise<Answer<AnswerData<P, 'post'>>> {
    const raw = await this.client.send('POST', path, this.credentials, this.setCookies, form);
    return interpret(raw, decoderOf<AnswerData<P, 'post'>>(`post ${path}`, this.client.log));
  }

  /** The bytes of a GET (an uploaded file), with this buyer's credentials. */
  getBytes(path: string): Promise<BytesAnswer> {
    return this.client.sendForBytes(path, this.credentials);
  }

  delete<P extends PathOf<'delete'>>(
    path: P,
    ...[options]: CallArgs<P, 'delete'>
  ): Promise<Answer<AnswerData<P, 'delete'>>> {
    return this.call('delete', path, options);
  }

  private async call<M extends Method, P extends PathOf<M>>(
    method: M,
    template: P,
    options: CallOptions<P, M> | undefined,
  ): Promise<Answer<AnswerData<P, M>>> {
    const path = fillPath(template, options?.path);
    const query = options?.query;
    const search =
      query instanceof URLSearchParams
        ? `?${query.toString()}`
        : query
          ? qs.stringify(query, { arrayFormat: 'brackets', skipNulls: true, addQueryPrefix: true })
          : '';
    const body =
      method === 'post'
        ? qs.stringify(options?.form ?? {}, { arrayFormat: options?.arrayFormat ?? 'brackets', skipNulls: true })
        : undefined;
    const verb = method === 'get' ? 'GET' : method === 'post' ? 'POST' : 'DELETE';
    const raw = await this.client.send(verb, path + search, this.credentials, this.setCookies, body, template);
    const operation = `${method} ${template}`;
    if (verb !== 'GET' || raw.status !== 200)
      return interpret(raw, decoderOf<AnswerData<P, M>>(operation, this.client.log));
    // The digest of the bytes, not their text: finding a known answer decodes no UTF-8, and a key as long as the
    // answer cost more to hash (as a string of a few kilobytes) than its digest. The one-shot `hash` makes no Hash
    // object per answer.
    const key = `${operation}\n${hash('sha256', raw.body, 'base64')}`;
    const known = decodedAnswers.get(key);
    if (known !== undefined) return known as Answer<AnswerData<P, M>>;
    const answer = interpret(raw, decoderOf<AnswerData<P, M>>(operation, this.client.log));
    // A decoded answer takes a little more memory than its bytes (1.2 times for a goods page).
    decodedAnswers.set(key, deepFreeze(answer), { size: 2 * raw.body.length });
    return answer;
  }
}

/**
 * CACHE-02: GET answers already parsed and checked against their description, by operation and the SHA-256 of their
 * exact bytes. A goods page reads the same for every buyer, and its 30 KB were parsed and validated once per request.
 * Found only by a request answered those very bytes, so no buyer reaches an answer another was given; frozen, since
 * every request that finds it shares it (a resolver that changed one would throw instead of changing it for the next
 * buyer).
 */
const decodedAnswers = new LRUCache<string, Answer<unknown>>({ maxSize: 64 * 2 ** 20 });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Checks a whole success envelope against the description; the type guard is what the validator proves. */
type Decoder<T> = (envelope: unknown) => envelope is { data: T };

/**
 * The validator generated from openapi.yaml for `method path` (ADR 0205). A malformed answer is the upstream
 * breaking the contract: UPSTREAM_UNAVAILABLE, with the path and the schema error logged, never the body.
 */
function decoderOf<T>(operation: string, log: (message: string, cause: unknown) => void): Decoder<T> {
  const validate = answerValidators[operation];
  return (envelope): envelope is { data: T } => {
    if (!validate) throw new Error(`${operation} is not in upstream/openapi.yaml`);
    if (validate(envelope)) return true;
    const [first] = validate.errors ?? [];
    log(`${operation} answered outside its description`, `${first?.instancePath ?? ''} ${first?.message ?? ''}`);
    return false;
  };
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
  /** The parsed answer itself, for the decoder. */
  value: unknown;
}

// As undici's `text()` reads a body: UTF-8, a byte-order mark dropped, malformed bytes replaced.
const UTF8 = new TextDecoder();

/** The envelope's own fields, read before the answer's status decides whether its `data` is decoded. */
function parseEnvelope(text: string): Envelope | null {
  if (text.length === 0) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.code !== 'number') return null;
  return {
    code: record.code,
    message: typeof record.message === 'string' ? record.message : '',
    data: record.data,
    value,
  };
}

/** The seconds a 429 envelope repeats in `data.retry_after`, for an answer whose header a proxy dropped. */
function retryAfterInData(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('retry_after' in data)) return undefined;
  return typeof data.retry_after === 'number' ? data.retry_after : undefined;
}

/** ERR-20: `data.limit_bytes` of a 413 envelope; 0 when an older upstream left it out. */
function limitBytesIn(data: unknown): number {
  if (typeof data !== 'object' || data === null || !('limit_bytes' in data)) return 0;
  return typeof data.limit_bytes === 'number' ? data.limit_bytes : 0;
}

/** The form fields a 413 envelope names, in `data.fields` or (older upstreams) as `data` itself. */
function tooLargeFields(data: unknown): FieldErrors | undefined {
  const source = typeof data === 'object' && data !== null && 'fields' in data ? data.fields : data;
  const fields = fieldErrors(source);
  return Object.keys(fields).length > 0 ? fields : undefined;
}

function fieldErrors(data: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fields;
  for (const [name, messages] of Object.entries(data)) {
    if (Array.isArray(messages)) fields[name] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') fields[name] = [messages];
  }
  return fields;
}

/**
 * Turns an upstream answer into data or into the error table of contract.md (HTTP status and body code both); a
 * success is decoded against the description before any resolver sees it.
 */
export function interpret<T>({ status, body, retryAfter }: RawAnswer, decode: Decoder<T>): Answer<T> {
  const envelope = parseEnvelope(UTF8.decode(body));
  // SEC-18: the upstream refused this gateway's secret: a configuration fault, not the buyer's session.
  if (envelope?.code === Refusal.GATEWAY_SECRET_REQUIRED) throw unavailable();
  if (status === 401 || envelope?.code === Code.NOT_LOGGED_IN) throw unauthenticated(envelope?.message);
  // SEC-18: the upstream's own limits (SEC-10 to SEC-13) reach clients as ERR-09's RATE_LIMITED.
  if (status === 429) throw rateLimited(retryAfter ?? retryAfterInData(envelope?.data) ?? 60);
  if (status >= 500 || envelope === null) throw unavailable();
  const { code, message, data } = envelope;
  // ERR-20: the upstream's body or upload limit, with its limit and the field it named (an upload's `file`).
  if (status === 413) throw payloadTooLarge(limitBytesIn(data), tooLargeFields(data), message);
  if (status === 422 || code === Code.FORM_ERROR) throw badUserInput(fieldErrors(data), message || undefined);
  if (status === 459 || code === Code.CONTRACT_REQUIRED) throw contractRequired(message);
  if (status >= 200 && status < 300 && SUCCESS_CODES.has(code)) {
    const { value } = envelope;
    if (!decode(value)) throw unavailable();
    return { data: value.data, message };
  }
  throw business(message, code, status);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown }).cause;
  return cause === error ? undefined : errorCode(cause);
}
