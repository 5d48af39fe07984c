import { Pool } from 'undici';
import qs from 'qs';
import {
  badUserInput,
  business,
  contractRequired,
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
}

export type Params = Record<string, unknown>;

interface FormOptions {
  /** `indices` for lists of objects (`params[0][goods_id]`), `brackets` for lists of ids (`ids[]=4`). */
  arrayFormat?: 'brackets' | 'indices';
}

export interface RestClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Where transport failures are reported; they never reach a client. */
  log?: (message: string, cause: unknown) => void;
}

const SUCCESS_CODES = new Set([10000, 200, 201]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
// A kept-alive socket closed by the upstream between two requests surfaces as one of these; the request never ran.
const RETRYABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET']);

interface RawAnswer {
  status: number;
  text: string;
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
  private readonly log: (message: string, cause: unknown) => void;

  constructor(options: RestClientOptions) {
    const url = new URL(options.baseUrl);
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
    this.log = options.log ?? ((message, cause) => console.warn(`[gateway] ${message}`, cause));
    this.pool = new Pool(url.origin, {
      connections: 64,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: Math.min(options.timeoutMs, 10_000) },
    });
  }

  session(credentials: Credentials, setCookies: string[]): UpstreamSession {
    return new UpstreamSession(this, credentials, setCookies);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** @internal Sends one request; retries a GET once when the connection failed before any answer. */
  async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    credentials: Credentials,
    setCookies: string[],
    body: string | undefined,
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (credentials.authorization) headers.authorization = credentials.authorization;
    if (credentials.cookie) headers.cookie = credentials.cookie;
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const fullPath = this.prefix + path;

    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.pool.request({ method, path: fullPath, headers, body });
        const text = await response.body.text();
        const cookies = response.headers['set-cookie'];
        if (typeof cookies === 'string') setCookies.push(cookies);
        else if (cookies) setCookies.push(...cookies);
        return { status: response.statusCode, text };
      } catch (error) {
        const code = errorCode(error);
        if (code !== undefined && TIMEOUT_CODES.has(code)) {
          this.log(`${method} ${path} timed out after ${this.timeoutMs} ms`, error);
          throw timedOut();
        }
        // Only a GET is safe to repeat: a POST (add to cart, order) may have run before the connection broke.
        if (method === 'GET' && attempt === 1 && code !== undefined && RETRYABLE_CODES.has(code)) continue;
        this.log(`${method} ${path} failed`, error);
        throw unavailable();
      }
    }
  }
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
    return /(?:^|;)\s*token=[^;\s]/.test(this.credentials.cookie ?? '');
  }

  async get<T>(path: string, query?: Params): Promise<Answer<T>> {
    const search = query ? qs.stringify(query, { arrayFormat: 'brackets', skipNulls: true, addQueryPrefix: true }) : '';
    return interpret<T>(await this.client.send('GET', path + search, this.credentials, this.setCookies, undefined));
  }

  /** Like `get`, but an upstream 404 is an answer (`null`), not an error. */
  async getOrNull<T>(path: string, query?: Params): Promise<Answer<T> | null> {
    try {
      return await this.get<T>(path, query);
    } catch (error) {
      if (upstreamStatusOf(error) === 404) return null;
      throw error;
    }
  }

  async post<T>(path: string, form: Params = {}, options: FormOptions = {}): Promise<Answer<T>> {
    const body = qs.stringify(form, { arrayFormat: options.arrayFormat ?? 'brackets', skipNulls: true });
    return interpret<T>(await this.client.send('POST', path, this.credentials, this.setCookies, body));
  }

  async delete<T>(path: string): Promise<Answer<T>> {
    return interpret<T>(await this.client.send('DELETE', path, this.credentials, this.setCookies, undefined));
  }
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** A cheap shape check: answers can be large and this runs on every call, so no schema validation here. */
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
  };
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

/** Turns an upstream answer into data or into the error table of contract.md (HTTP status and body code both). */
export function interpret<T>({ status, text }: RawAnswer): Answer<T> {
  const envelope = parseEnvelope(text);
  if (status === 401 || envelope?.code === 10001) throw unauthenticated(envelope?.message);
  if (status >= 500 || envelope === null) throw unavailable();
  const { code, message, data } = envelope;
  if (status === 422 || code === 422) throw badUserInput(fieldErrors(data), message || undefined);
  if (status === 459 || code === 459) throw contractRequired(message);
  if (status >= 200 && status < 300 && SUCCESS_CODES.has(code)) return { data: data as T, message };
  throw business(message, code, status);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown }).cause;
  return cause === error ? undefined : errorCode(cause);
}
