/**
 * OPS-40..OPS-43: OpenTelemetry spans of the gateway, exported over OTLP/HTTP (JSON). main.ts imports this module
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set, so an untraced gateway loads none of it (ADR 0216).
 *
 * One span per GraphQL request, with the trace id and span id the request's log lines already carry (OPS-06): the
 * `traceparent` that `traced` wrote on the request, and that the upstream receives with every call, names this very
 * span, so the upstream's span is its child and a trace is found from any log line. Under it, the execution span of
 * `@envelop/opentelemetry` (operation name and type; never variables, and no resolver spans: a span per field would
 * cost more than the field).
 */
import { useOpenTelemetry, setCurrentOtelContext } from '@envelop/opentelemetry';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, RandomIdGenerator } from '@opentelemetry/sdk-trace-base';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';
import type { Plugin } from 'graphql-yoga';
import { traceOf } from './logger';

/** What the gateway is given when tracing is on: its plugins, and the export to finish on the way out. */
export interface GatewayTracing {
  plugins: (Plugin | ReturnType<typeof useOpenTelemetry>)[];
  /** Sends the spans still buffered (a test reads them at once; a stopping gateway loses none). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** The collector's base address; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  /** The GraphQL path: other requests (health, pages) have no span of their own. */
  graphqlPath: string;
}

/**
 * The ids of the next span started, when they are already chosen: the SDK draws a span id (and, for a root span, a
 * trace id) from its generator, and this one hands it the request's own for the request's span.
 */
class RequestIds implements IdGenerator {
  next: { traceId: string; spanId: string } | undefined;
  private readonly random = new RandomIdGenerator();

  generateTraceId(): string {
    return this.next?.traceId ?? this.random.generateTraceId();
  }

  generateSpanId(): string {
    return this.next?.spanId ?? this.random.generateSpanId();
  }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function startTracing(options: TracingOptions): GatewayTracing {
  const ids = new RequestIds();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    idGenerator: ids,
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  const tracer = provider.getTracer('pharma-gateway');
  const spans = new WeakMap<Request, Span>();

  const requestSpans: Plugin = {
    onRequest({ request, url }) {
      if (url.pathname !== options.graphqlPath) return;
      const parsed = TRACEPARENT.exec(traceOf(request.headers)?.traceparent ?? '');
      if (parsed?.[1] === undefined || parsed[2] === undefined) return;
      ids.next = { traceId: parsed[1], spanId: parsed[2] };
      try {
        // A root span: its trace id is the request's (the caller's when one sent a traceparent, OPS-06).
        const span = tracer.startSpan(
          `${request.method} ${options.graphqlPath}`,
          { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
          ROOT_CONTEXT,
        );
        spans.set(request, span);
      } finally {
        ids.next = undefined;
      }
    },
    onExecute({ args }) {
      // The execution span (useOpenTelemetry, next in the list) starts under the request's span.
      const span = spans.get(args.contextValue.request);
      if (span !== undefined) setCurrentOtelContext(args.contextValue, trace.setSpan(ROOT_CONTEXT, span));
    },
    onResponse({ request, response }) {
      const span = spans.get(request);
      if (span === undefined) return;
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(request);
    },
  };

  return {
    plugins: [
      requestSpans,
      useOpenTelemetry(
        { document: false, variables: false, resolvers: false, result: false },
        provider,
        SpanKind.INTERNAL,
        {},
        'pharma-gateway',
      ),
    ],
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
