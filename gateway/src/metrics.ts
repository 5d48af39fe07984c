import { createServer, type Server } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { createCounter, createHistogram, usePrometheus } from '@graphql-yoga/plugin-prometheus';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorCodeOf } from './errors';

/** The label every operation name outside the trusted documents is counted under (OPS-13). */
export const OTHER_OPERATION = 'other';

/** What the prometheus plugin tells a label function of an operation. */
interface OperationParams {
  operationName?: string | undefined;
  operationType?: string | undefined;
  errorPhase?: string | undefined;
}

// Typed as tuples of the plugin's phase names, which the plugin's options take.
const EXECUTION_PHASES: ['execute', 'subscribe'] = ['execute', 'subscribe'];
const ERROR_PHASES: ['parse', 'validate', 'context', 'execute', 'subscribe'] = [
  'parse',
  'validate',
  'context',
  'execute',
  'subscribe',
];

/** One operation's series: its execution time in seconds, and the errors of its answer. */
export interface OperationSeries {
  observe(seconds: number, errors: readonly unknown[] | undefined): void;
  /** Errors of an answer given without executing (a refusal), counted by code only. */
  countErrors(errors: readonly unknown[]): void;
}

/** Latency buckets in seconds, from a cached answer (a millisecond) to the upstream's time-out. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * What operators read (OPS-02): one registry per gateway (tests run several in one process), served on its own port
 * (`METRICS_PORT`) so buyers never reach it.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly upstreamCalls = new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'Calls to the REST upstream by method, documented path and HTTP status (0: no answer).',
    labelNames: ['method', 'path', 'status'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: 'gateway_graphql_errors_total',
    help: 'Errors in GraphQL answers by contract code (extensions.code).',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly cache = new Counter({
    name: 'gateway_response_cache_total',
    help: 'Response cache lookups by outcome (hit, miss).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  /** Read when Prometheus scrapes: the pub/sub keeps the count (`countSubscriptions`). */
  private openSubscriptions: () => number = () => 0;
  readonly subscriptions: Gauge = new Gauge({
    name: 'gateway_active_subscriptions',
    help: 'Subscriptions open on this replica (live cart streams).',
    registers: [this.registry],
    collect: (): void => this.subscriptions.set(this.openSubscriptions()),
  });
  readonly breaker = new Gauge({
    name: 'gateway_upstream_circuit_open',
    help: '1 while the circuit to the upstream is open (calls fail fast), else 0.',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * OPS-10: `redis_up` (1 while every Redis connection is ready, else 0), read when Prometheus scrapes; absent without
   * REDIS_URL, where there is no Redis to be down.
   */
  watchRedis(up: () => boolean): void {
    const gauge: Gauge = new Gauge({
      name: 'redis_up',
      help: '1 while the gateway reaches its Redis (shared cache, limits, live cart events), 0 while it is degraded.',
      registers: [this.registry],
      collect: (): void => gauge.set(up() ? 1 : 0),
    });
  }

  /** The operation histogram and error counter `plugins` registered, for `observeOperation`. */
  private operationSeries:
    | {
        labels: (params: OperationParams) => { operationName: string; operationType: string };
        duration: Histogram<'operationName' | 'operationType'>;
        errorResults: Counter<'operationName' | 'operationType' | 'phase'>;
      }
    | undefined;

  /**
   * What the prometheus plugin and the error counter record for each execution of one operation, for operations run
   * outside Yoga (the trusted documents' hot path, hot-path.ts): the same series and labels (OPS-13), bound once per
   * operation rather than looked up by label per request.
   */
  operationSeriesFor(params: OperationParams): OperationSeries {
    const series = this.operationSeries;
    if (series === undefined) return { observe: () => undefined, countErrors: () => undefined };
    const labels = series.labels(params);
    const duration = series.duration.labels(labels);
    const errorResults = series.errorResults.labels({ ...labels, phase: 'execute' });
    const errors = this.errors;
    const countErrors = (found: readonly unknown[]) => {
      for (const error of found) errors.inc({ code: errorCodeOf(error) ?? 'INTERNAL_SERVER_ERROR' });
    };
    return {
      observe(seconds, found) {
        duration.observe(seconds);
        if (found === undefined || found.length === 0) return;
        errorResults.inc(found.length);
        countErrors(found);
      },
      countErrors,
    };
  }

  countSubscriptions(count: () => number): void {
    this.openSubscriptions = count;
  }

  /**
   * Yoga's request histogram and error counter by operation, and errors counted by code. OPS-13: an operation is
   * labelled by its name only when a trusted document names it (`operationNames`); any other name, which a client
   * may invent per request, is counted as `other`, so the series stay as many as the trusted operations.
   */
  plugins(options: { operationNames: ReadonlySet<string> }): Plugin[] {
    const errors = this.errors;
    const registry = this.registry;
    const operationLabels = (params: OperationParams) => ({
      operationName:
        params.operationName !== undefined && options.operationNames.has(params.operationName)
          ? params.operationName
          : OTHER_OPERATION,
      operationType: params.operationType ?? 'unknown',
    });
    const duration = createHistogram({
      registry,
      histogram: {
        name: 'graphql_envelop_request_duration',
        help: 'Time spent on running the GraphQL operation from parse to execute',
        labelNames: ['operationName', 'operationType'],
      },
      fillLabelsFn: operationLabels,
      phases: EXECUTION_PHASES,
    });
    // No `path` label: an error's path holds list indices, one series per index.
    const errorResults = createCounter({
      registry,
      counter: {
        name: 'graphql_envelop_error_result',
        help: 'Counts the amount of errors reported from all phases',
        labelNames: ['operationName', 'operationType', 'phase'],
      },
      fillLabelsFn: (params: OperationParams) => ({
        ...operationLabels(params),
        phase: params.errorPhase ?? 'execute',
      }),
      phases: ERROR_PHASES,
    });
    this.operationSeries = {
      labels: operationLabels,
      duration: duration.histogram,
      errorResults: errorResults.counter,
    };
    return [
      usePrometheus({
        registry,
        endpoint: false,
        // Per operation, the request's duration (its count is the histogram's) and its errors; the per-phase
        // histograms (parse, validate, execute), the summary and the request counter, on by default, cost as much CPU
        // again per request, repeat what the histogram counts, and are left for a profile.
        metrics: {
          graphql_yoga_http_duration: false,
          graphql_envelop_request: false,
          graphql_envelop_request_time_summary: false,
          graphql_envelop_phase_parse: false,
          graphql_envelop_phase_validate: false,
          graphql_envelop_phase_context: false,
          graphql_envelop_phase_execute: false,
          graphql_envelop_phase_subscribe: false,
          graphql_envelop_request_duration: duration,
          graphql_envelop_error_result: errorResults,
          // On by default, and counting nothing here: the schema deprecates no field or argument (an enum value is not
          // counted). It walked every operation's whole document with type information on every request.
          graphql_envelop_deprecated_field: false,
        },
      }),
      {
        onExecutionResult({ result }) {
          if (result === undefined || !('errors' in result)) return;
          for (const error of result.errors ?? []) errors.inc({ code: errorCodeOf(error) ?? 'INTERNAL_SERVER_ERROR' });
        },
      },
    ];
  }
}

/** Serves the registry at `GET /metrics` in Prometheus's text format, on the operators' address only. */
export function serveMetrics(metrics: GatewayMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    void metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
