import { createServer, type Server } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { usePrometheus } from '@graphql-yoga/plugin-prometheus';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorCodeOf } from './errors';

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

  countSubscriptions(count: () => number): void {
    this.openSubscriptions = count;
  }

  /** Yoga's own request, phase and HTTP histograms by operation name, and errors counted by code. */
  plugins(): Plugin[] {
    const errors = this.errors;
    return [
      usePrometheus({
        registry: this.registry,
        endpoint: false,
        // Per operation, the request's duration (its count is the histogram's) and its errors; the per-phase
        // histograms (parse, validate, execute) cost as much CPU again per request and are left for a profile.
        metrics: {
          graphql_yoga_http_duration: false,
          graphql_envelop_request_duration: true,
          graphql_envelop_error_result: true,
          // On by default, and counting nothing here: the schema deprecates no field or argument (an enum value is not
          // counted). It walked every operation's whole document with type information on every request.
          graphql_envelop_deprecated_field: false,
        },
        labels: { operationName: true, operationType: true, url: false },
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
