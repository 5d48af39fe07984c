/**
 * OPS-40, OPS-42: OpenTelemetry spans of the upstream, exported over OTLP/HTTP (JSON). main.ts imports this module
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set, so an untraced upstream loads none of it (ADR 0216).
 *
 * One server span per request, a child of the span the caller's W3C `traceparent` names (the gateway's request span,
 * OPS-06), named by the route's pattern (never its ids), with the request id the log lines carry.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface UpstreamTracing {
  /** Adds the request spans' hooks; called by createApp before any route. */
  register(app: FastifyInstance): void;
  /** Sends the spans still buffered (a test reads them at once). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export function startTracing(options: { endpoint: string; serviceName: string }): UpstreamTracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  const tracer = provider.getTracer('pharma-upstream');
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  const end = (request: FastifyRequest, status: number | undefined) => {
    const span = spans.get(request);
    if (span === undefined) return;
    if (status !== undefined) span.setAttribute('http.response.status_code', status);
    if (status === undefined || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    spans.delete(request);
  };

  return {
    register(app) {
      app.addHook('onRequest', async (request) => {
        const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
        const route = request.routeOptions.url ?? 'unmatched';
        spans.set(
          request,
          tracer.startSpan(
            `${request.method} ${route}`,
            {
              kind: SpanKind.SERVER,
              attributes: { 'http.request.method': request.method, 'http.route': route, 'request.id': request.id },
            },
            parent,
          ),
        );
      });
      app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
      // A caller that went away has no answer: its span ends all the same, marked as failed.
      app.addHook('onRequestAbort', async (request) => end(request, undefined));
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
