/**
 * The trusted documents' hot path (ADR 0503): an operation sent as the hash of a trusted document (SEC-20) is run
 * from a plan prepared once per hash, beside Yoga rather than through it.
 *
 * A plan is the document parsed and validated by Yoga's own envelop (so every validation rule of its plugins holds:
 * graphql-armor's depth, cost, alias, token and directive limits, SEC-06's once-per-operation rule, introspection when
 * it is off), with its graphql-armor cost counted; graphql-jit compiles it on its first run. A request for a planned
 * hash then pays none of that, and none of @whatwg-node/server's Fetch adaptation or Yoga's request pipeline either:
 * its body is read from the node request, and the answer written to the node response. The server render's own
 * requests (pages.ts) take the same plans in process: no Fetch request, and a success handed over as its result object.
 *
 * What must hold per request still runs: the body limit, CSRF (only `application/json` bodies take this path, which
 * a browser never sends cross-site without a preflight), VAL-26's variable depth, the cost budget (REQUEST_COST on
 * arrival, then the plan's cost), the session and the buyer's address, and the execution hooks shared with Yoga (the
 * VAL-20..25 rules on variables, SEC-06's sensitive limits, ERR-09's budget, CART-28's events, graphql-jit, error
 * locations), error masking, the metrics' series (OPS-02, OPS-13), upstream cookies (SEC-05) and the audit lines.
 *
 * Anything else goes to Yoga unchanged, with the body already read: text documents, unknown hashes, batches,
 * uploads, GET, a body Yoga would refuse, an Origin the CORS allowlist names (Yoga writes the CORS headers), an Accept
 * it answers with another format, and any plan `eligible` turns down (the response cache's operations, tracing).
 * So the hot path never answers a request differently from Yoga, only with less work.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Kind,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import {
  createGraphQLError,
  envelop,
  isAsyncIterable,
  maskError,
  processRegularResult,
  type Plugin,
  type YogaServerInstance,
} from 'graphql-yoga';
import type { RequestLike } from './context';
import type { Asker } from './limits/sensitive';
import type { CostOf } from './limits/cost-budget';
import type { GatewayMetrics, OperationSeries } from './metrics';
import { nestsDeeperThan } from './plugins/input-rules';

/** Plugins as envelop takes them (Yoga's and envelop's own, such as graphql-jit's). */
type EnvelopPlugins = Parameters<typeof envelop>[0]['plugins'];

/** One trusted document, ready to run. */
export interface Plan {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName: string | undefined;
  /** graphql-armor's cost, as the budget charges it (ERR-09). */
  cost: number;
  /** Its metrics series (OPS-02), labelled as Yoga's plugin labels it. */
  series: OperationSeries;
  /** The document's text, as Yoga's context carries it (`params.query`). */
  query: string;
}

/** The media types Yoga's regular result processor answers, in the order it tries them. */
const REGULAR_MEDIA_TYPES = ['application/graphql-response+json', 'application/json'] as const;
type MediaType = (typeof REGULAR_MEDIA_TYPES)[number];

/**
 * The media type Yoga would answer a single result with (its result processors' negotiation: the first type of the
 * Accept header it can produce), or undefined when Yoga would pick another processor or refuse.
 */
export function regularMediaTypeOf(accept: string | undefined): MediaType | undefined {
  // A client sends the same Accept with every request: the last one's answer is kept.
  if (accept === lastAccept.header) return lastAccept.mediaType;
  const mediaType = negotiate(accept);
  lastAccept = { header: accept, mediaType };
  return mediaType;
}

let lastAccept: { header: string | undefined; mediaType: MediaType | undefined } = {
  header: undefined,
  mediaType: 'application/json',
};

function negotiate(accept: string | undefined): MediaType | undefined {
  const asked = (accept ?? '*/*').replace(/\s/g, '').toLowerCase().split(',');
  let chosen: MediaType | undefined;
  for (const entry of asked.reverse()) {
    const [mediaType, ...params] = entry.split(';');
    if (mediaType === undefined) continue;
    const charset = params.find((param) => param.includes('charset=')) ?? 'charset=utf-8';
    if (charset !== 'charset=utf-8') continue;
    const [askedType, askedSubtype] = mediaType.split('/');
    for (const offered of REGULAR_MEDIA_TYPES) {
      const [type, subtype] = offered.split('/');
      if ((askedType === '*' || askedType === type) && (askedSubtype === '*' || askedSubtype === subtype))
        chosen = offered;
    }
  }
  return chosen;
}

/** What a planned request's answer is, before it is written to a socket or handed to the renderer as a Response. */
interface PlannedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** A planned request's successful answer, before it is written: the result itself. */
interface PlannedResult {
  status: 200;
  headers: Record<string, string | string[]>;
  result: ExecutionResult;
}

/** The server render's request answered in process (pages.ts): a success as its object, anything else as HTTP. */
export type InProcessResult =
  | { kind: 'result'; result: Record<string, unknown>; cookies: readonly string[] }
  | { kind: 'response'; response: Response };

/** What the hot path reads of a node request in place of a Fetch request: its method and headers. */
class NodeRequestView implements RequestLike {
  readonly headers: Pick<Headers, 'get'>;
  constructor(
    readonly method: string,
    raw: IncomingMessage['headers'],
  ) {
    this.headers = {
      get: (name) => {
        const value = raw[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    };
  }
}

interface Params {
  variables: Record<string, unknown>;
  extensions: Record<string, unknown>;
  operationName: string | undefined;
  hash: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A body naming a trusted document by hash and nothing Yoga would treat otherwise; undefined for anything else. */
function paramsOf(body: unknown): Params | undefined {
  if (!isRecord(body) || body['query'] !== undefined) return undefined;
  const { variables = {}, extensions, operationName } = body;
  if (!isRecord(extensions) || !isRecord(variables)) return undefined;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
  const persisted = extensions['persistedQuery'];
  if (!isRecord(persisted) || persisted['version'] !== 1 || typeof persisted['sha256Hash'] !== 'string')
    return undefined;
  return { variables, extensions, operationName: operationName ?? undefined, hash: persisted['sha256Hash'] };
}

/** What one request's GraphQL context is made of: the gateway's context for this request's view. */
export type HotContextFactory = (request: RequestLike, req: IncomingMessage) => object;

export interface HotPathOptions {
  schema: GraphQLSchema;
  documents: ReadonlyMap<string, string>;
  /** The Yoga it stands beside: its envelop validates plans, and it answers everything the hot path does not take. */
  yoga: Pick<YogaServerInstance<object, object>, 'fetchAPI'> & {
    getEnveloped: (context: object) => {
      parse: (source: string) => DocumentNode;
      validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
    };
  };
  /** Yoga's node listener. */
  toYoga: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** Whether a valid plan may take the hot path (the response cache's operations may not: Yoga's cache holds them). */
  eligible: (operation: OperationDefinitionNode) => boolean;
  /** Yoga's execution hooks, the same instances (their limiters and caches are shared), in Yoga's order. */
  executionPlugins: EnvelopPlugins;
  context: HotContextFactory;
  askerOf: (request: RequestLike, req: IncomingMessage) => Asker;
  /** ERR-09: the plan's whole cost, charged on arrival (cost-budget.ts `chargePlan`). */
  chargePlan: (asker: Asker, cost: number, about: object) => Promise<GraphQLError | undefined>;
  costOf: CostOf;
  maxBodyBytes: number;
  /** Origins Yoga answers with CORS headers (CORS_ORIGINS): their requests go to Yoga. */
  corsOrigins: ReadonlySet<string>;
  /** VAL-26: how deeply variables may nest (input-rules.ts `variableDepthOf`). */
  variableDepth: number;
  metrics: GatewayMetrics;
  /** The cookies the upstream set for this request (SEC-05), relayed unless the answer carries an error. */
  cookiesOf: (request: RequestLike) => readonly string[] | undefined;
  secureCookies: boolean;
  logError: (error: unknown) => void;
}

export interface HotPath {
  /** Serves a POST to the GraphQL endpoint, by plan or through Yoga. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The server render's own request (pages.ts), in this process: answered from its plan as a POST over a socket would
   * be, without a Fetch request or Yoga's pipeline; undefined when it is Yoga's to answer (then `yoga.fetch`).
   */
  inProcess(body: string, headers: Headers, req: IncomingMessage): Promise<Response | undefined>;
  /**
   * The same with the body as an object, and a successful answer as its result object and the cookies it sets (no
   * JSON either way); undefined, before anything ran, when it is Yoga's to answer.
   */
  executeInProcess(
    body: Record<string, unknown>,
    headers: Headers,
    req: IncomingMessage,
  ): Promise<InProcessResult | undefined>;
  /** The plan of a hash, prepared on first use; null when the hash takes Yoga's path. */
  planOf(hash: string): Plan | null;
  /** Requests answered from a plan, and those handed to Yoga, since start (tests and the bench read them). */
  readonly served: { planned: number; yoga: number };
}

const UNEXPECTED = 'Unexpected error.';

/** By name, as graphql and Yoga tell them apart: a test run loads a second copy of graphql, whose class differs. */
const isGraphQLError = (error: Error): error is GraphQLError => error.name === 'GraphQLError';

export function createHotPath(options: HotPathOptions): HotPath {
  const { schema, yoga } = options;
  const plans = new Map<string, Plan | null>();
  const served = { planned: 0, yoga: 0 };

  // Yoga's masking, as its own useMaskedErrors applies it after every other execution hook (maskedErrors: isDev false).
  const mask = (error: Error): GraphQLError => {
    const masked = maskError(error, UNEXPECTED, false);
    if (masked !== error) options.logError(error);
    // Yoga's maskError answers a GraphQLError (the original, or one it made); its type says only Error.
    return isGraphQLError(masked) ? masked : createGraphQLError(UNEXPECTED, { originalError: masked });
  };
  const maskedErrors: Plugin = {
    onExecute: () => ({
      onExecuteDone({ result, setResult }) {
        if (isAsyncIterable(result) || !result.errors?.length) return;
        setResult({ ...result, errors: result.errors.map((error) => mask(error)) });
      },
    }),
  };
  // None of these hooks reads the initial context (no onEnveloped, no context building): one `execute` serves all.
  const { execute } = envelop({ plugins: [...options.executionPlugins, maskedErrors] })({});

  function prepare(hash: string): Plan | null {
    const text = options.documents.get(hash);
    if (text === undefined) return null;
    // Yoga's own parse and validation, every plugin's rules included; what fails here Yoga answers with its errors.
    const { parse, validate } = yoga.getEnveloped({});
    let document: DocumentNode;
    try {
      document = parse(text);
    } catch {
      return null;
    }
    if (validate(schema, document).length > 0) return null;
    const operations = document.definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    const [operation] = operations;
    if (operations.length !== 1 || operation === undefined || operation.operation === 'subscription') return null;
    if (!options.eligible(operation)) return null;
    const operationName = operation.name?.value;
    return {
      document,
      query: text,
      operation,
      operationName,
      cost: options.costOf(schema, document),
      series: options.metrics.operationSeriesFor({ operationName, operationType: operation.operation }),
    };
  }

  function planOf(hash: string): Plan | null {
    let plan = plans.get(hash);
    if (plan === undefined) {
      // Only hashes of trusted documents are planned, so the map is as large as the manifests, never a client's pick.
      plan = options.documents.has(hash) ? prepare(hash) : null;
      if (options.documents.has(hash)) plans.set(hash, plan);
    }
    return plan;
  }

  /** Yoga answers, from the body already read (whatwg-node takes a read body from `req.body`). */
  function toYoga(req: IncomingMessage, res: ServerResponse, body?: Buffer): void {
    served.yoga++;
    if (body !== undefined) Object.assign(req, { body });
    void options.toYoga(req, res);
  }

  function write(res: ServerResponse, { status, headers, body }: PlannedAnswer) {
    res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  }

  /** An answer with errors, or HTTP extensions, is Yoga's to shape: its status rules and its stripping of internals. */
  async function shapedByYoga(
    result: ExecutionResult,
    mediaType: MediaType,
    extra: Record<string, string | string[]>,
  ): Promise<PlannedAnswer> {
    const response = processRegularResult(result, yoga.fetchAPI, mediaType);
    const headers: Record<string, string | string[]> = { ...extra };
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  }

  /**
   * The planned answer to a body, or undefined when Yoga must answer it (not a planned hash, or anything in it Yoga
   * would read differently). The same for a POST over a socket and for the server render's in-process request.
   */
  async function answer(
    parsed: unknown,
    request: RequestLike,
    req: IncomingMessage,
    res: ServerResponse | undefined,
    mediaType: MediaType,
  ): Promise<PlannedAnswer | PlannedResult | undefined> {
    const params = paramsOf(parsed);
    const plan = params === undefined ? null : planOf(params.hash);
    if (
      params === undefined ||
      plan === null ||
      (params.operationName !== undefined && params.operationName !== plan.operationName) ||
      // VAL-26: Yoga refuses these as parsed.
      nestsDeeperThan(params.variables, options.variableDepth) ||
      nestsDeeperThan(params.extensions, Math.max(options.variableDepth, 4))
    ) {
      return undefined;
    }
    served.planned++;
    // Answers differ by Origin (CORS allowlist), so caches must key on it (upstream-cookies.ts says the same for Yoga).
    const vary = { vary: 'Origin' };
    const refused = await options.chargePlan(options.askerOf(request, req), plan.cost, request);
    if (refused !== undefined) {
      // Counted by code as Yoga counts every answer's errors; never executed, so no execution is observed.
      plan.series.countErrors([refused]);
      return shapedByYoga({ data: null, errors: [refused] }, mediaType, vary);
    }

    const contextValue = {
      ...options.context(request, req),
      request,
      req,
      res,
      params: { query: plan.query, variables: params.variables, extensions: params.extensions },
    };
    const started = performance.now();
    let result: ExecutionResult;
    try {
      const args: ExecutionArgs = {
        schema,
        document: plan.document,
        variableValues: params.variables,
        contextValue,
        operationName: plan.operationName,
      };
      const executed = await execute(args);
      if (isAsyncIterable(executed)) throw new Error('A planned operation answered a stream');
      result = executed;
    } catch (error) {
      result = { errors: [mask(error instanceof Error ? error : new Error(String(error)))] };
    }
    plan.series.observe((performance.now() - started) / 1000, result.errors);
    const failed = (result.errors?.length ?? 0) > 0;
    const cookies = failed ? [] : (options.cookiesOf(request) ?? []);
    const relayed: Record<string, string | string[]> =
      cookies.length === 0
        ? vary
        : {
            ...vary,
            // SEC-04: over TLS the session cookie is Secure whatever the upstream thinks its own address is.
            'set-cookie': cookies.map((cookie) =>
              options.secureCookies && !/;\s*secure\b/i.test(cookie) ? `${cookie}; Secure` : cookie,
            ),
          };
    if (failed || result.extensions?.['http'] !== undefined) return shapedByYoga(result, mediaType, relayed);
    return { status: 200, headers: { 'content-type': `${mediaType}; charset=utf-8`, ...relayed }, result };
  }

  /** A planned answer as written: a success's result in JSON (graphql-jit's compiled stringify when it made it). */
  function written(planned: PlannedAnswer | PlannedResult): PlannedAnswer {
    if (!('result' in planned)) return planned;
    const { result } = planned;
    const stringify =
      'stringify' in result && typeof result.stringify === 'function' ? result.stringify : JSON.stringify;
    return { status: planned.status, headers: planned.headers, body: String(stringify(result)) };
  }

  function parse(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      return undefined;
    }
  }

  async function run(req: IncomingMessage, res: ServerResponse, body: Buffer, mediaType: MediaType): Promise<void> {
    const request = new NodeRequestView('POST', req.headers);
    const planned = await answer(parse(body.toString('utf8')), request, req, res, mediaType);
    if (planned === undefined) return toYoga(req, res, body);
    write(res, written(planned));
  }

  function responseOf({ status, headers, body }: PlannedAnswer): Response {
    const responseHeaders = new yoga.fetchAPI.Headers();
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    return new yoga.fetchAPI.Response(body, { status, headers: responseHeaders });
  }

  /** Whether a header set is one the socket path would plan (handle's checks, for the renderer's own requests). */
  function plannable(headers: Headers, length: number): MediaType | undefined {
    const origin = headers.get('origin');
    if (
      !(headers.get('content-type')?.toLowerCase().startsWith('application/json') ?? false) ||
      length === 0 ||
      length > options.maxBodyBytes ||
      (origin !== null && options.corsOrigins.has(origin))
    ) {
      return undefined;
    }
    return regularMediaTypeOf(headers.get('accept') ?? undefined);
  }

  return {
    planOf,
    served,
    inProcess(body, headers, req) {
      const mediaType = plannable(headers, Buffer.byteLength(body));
      if (mediaType === undefined) return Promise.resolve(undefined);
      // Fetch's headers are what the context reads of a request (RequestLike); the planned answer is made into the
      // Response the renderer reads, without Yoga's pipeline.
      const request: RequestLike = { method: 'POST', headers };
      return answer(parse(body), request, req, undefined, mediaType).then((planned) =>
        planned === undefined ? undefined : responseOf(written(planned)),
      );
    },
    executeInProcess(body, headers, req) {
      // The body's size as it would travel: the same limit as a socket's (useBodyLimit's).
      const mediaType = plannable(headers, Buffer.byteLength(JSON.stringify(body)));
      if (mediaType === undefined) return Promise.resolve(undefined);
      const request: RequestLike = { method: 'POST', headers };
      return answer(body, request, req, undefined, mediaType).then((planned): InProcessResult | undefined => {
        if (planned === undefined) return undefined;
        if (!('result' in planned)) return { kind: 'response', response: responseOf(planned) };
        const cookies = planned.headers['set-cookie'] ?? [];
        return {
          kind: 'result',
          // What JSON would carry of it: graphql-jit's `stringify` is a property of the result, not of the answer.
          result: {
            data: planned.result.data,
            ...(planned.result.extensions ? { extensions: planned.result.extensions } : {}),
          },
          cookies: typeof cookies === 'string' ? [cookies] : cookies,
        };
      });
    },
    handle(req, res) {
      const { headers } = req;
      const length = headers['content-length'];
      const origin = headers.origin;
      const mediaType = regularMediaTypeOf(headers.accept);
      if (
        req.method !== 'POST' ||
        !(headers['content-type']?.toLowerCase().startsWith('application/json') ?? false) ||
        headers['transfer-encoding'] !== undefined ||
        length === undefined ||
        !/^\d+$/.test(length) ||
        Number(length) === 0 ||
        // useBodyLimit refuses it.
        Number(length) > options.maxBodyBytes ||
        (origin !== undefined && options.corsOrigins.has(origin)) ||
        mediaType === undefined
      ) {
        return toYoga(req, res);
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.once('end', () => {
        run(req, res, chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks), mediaType).catch(
          (error: unknown) => {
            options.logError(error);
            if (!res.headersSent)
              write(res, {
                status: 500,
                headers: { 'content-type': 'application/json; charset=utf-8' },
                body: JSON.stringify({ errors: [{ message: UNEXPECTED }] }),
              });
          },
        );
      });
    },
  };
}
