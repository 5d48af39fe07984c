import { ApolloLink } from '@apollo/client';
import { fallbackHttpConfig, selectHttpOptionsAndBody } from '@apollo/client/link/http';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { Observable } from 'rxjs';
import { config } from '../config';

/** One message of a server-sent-events stream. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * The messages of a `text/event-stream` body as they arrive, parsed by eventsource-parser (comments, the gateway's
 * keep-alives, are dropped there). The reader is used directly: Safari's streams are not async-iterable.
 */
export async function* serverSentEvents(body: ReadableStream<BufferSource>): AsyncGenerator<ServerSentEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield { event: value.event ?? 'message', data: value.data };
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The terminating link of subscriptions (ADR 0213): GraphQL over server-sent events, one POST per subscription, as
 * the gateway serves it at /graphql. HttpLink speaks Apollo's multipart subscription protocol, which graphql-yoga
 * answers for subscriptions with 406. The body is HttpLink's own (`selectHttpOptionsAndBody`), so the persisted-query
 * link's choice to send the hash without the text holds here too (SEC-20). Only the live cart's chunk imports it, and
 * hands it to the client in the operation's context (`transport`, as uploads do), so the home route does not carry it.
 */
export const sseLink = new ApolloLink(
  (operation) =>
    new Observable<ApolloLink.Result>((observer) => {
      const context = operation.getContext();
      const { body } = selectHttpOptionsAndBody(operation, fallbackHttpConfig, { http: context['http'] });
      const controller = new AbortController();
      void (async () => {
        const response = await fetch(config.graphqlUrl, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
        const type = response.headers.get('content-type') ?? '';
        // Refused before it became a stream (an unknown hash, a body limit): one answer, as any request gets.
        if (!type.startsWith('text/event-stream')) {
          if (!type.includes('json')) throw new Error(`subscription refused (HTTP ${response.status})`);
          observer.next((await response.json()) as ApolloLink.Result);
          observer.complete();
          return;
        }
        if (!response.body) throw new Error('subscription answered no stream');
        for await (const message of serverSentEvents(response.body)) {
          if (message.event === 'next') observer.next(JSON.parse(message.data) as ApolloLink.Result);
          if (message.event === 'complete') return observer.complete();
        }
        // The connection closed without `complete`: a gateway stopped or a proxy cut it, and the caller reconnects.
        throw new Error('subscription stream closed');
      })().catch((error: unknown) => {
        if (!controller.signal.aborted) observer.error(error);
      });
      return () => controller.abort();
    }),
);
