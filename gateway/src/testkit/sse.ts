import { createParser } from 'eventsource-parser';
/** One message of a GraphQL-over-SSE stream: `next` with an execution result, or `complete`. */
export interface SseMessage {
  event: string;
  data: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  } | null;
}

/** A subscription as a mobile client holds it: a POST to /graphql answered with `text/event-stream`. */
export interface SseStream {
  status: number;
  /** The next message; rejects when none comes within `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseMessage>;
  /** True when no message has come by `ms` from now (none is taken from the stream). */
  quiet(ms: number): Promise<boolean>;
  close(): void;
}

/** Opens a subscription over server-sent events, as the contract pins it (`Accept: text/event-stream`). */
export async function openSse(
  graphqlUrl: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query }),
    signal: controller.signal,
  });
  const queue: SseMessage[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    const parser = createParser({
      onEvent: ({ event, data }) =>
        queue.push({ event: event ?? 'message', data: data === '' ? null : (JSON.parse(data) as SseMessage['data']) }),
    });
    try {
      for await (const chunk of response.body ?? []) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        wake?.();
      }
    } catch {
      // Closed by the test: nothing more will come.
    } finally {
      ended = true;
      wake?.();
    }
  })();

  // Resolves on any bytes (keep-alives too) or at the deadline; callers look at the queue again.
  const waitFor = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      if (queue.length > 0 || ended) return resolve();
      const timer = setTimeout(resolve, Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    status: response.status,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (ended) throw new Error('the stream ended');
        if (Date.now() >= deadline) throw new Error(`no message within ${timeoutMs} ms`);
        await waitFor(deadline - Date.now());
      }
      const message = queue.shift();
      if (!message) throw new Error('no message');
      return message;
    },
    async quiet(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return queue.length === 0;
    },
    close: () => controller.abort(),
  };
}

/** The next value of an async stream, or 'none' when none comes within `ms` (a stream that ends counts as none). */
export async function within<T>(stream: AsyncIterator<T>, ms: number): Promise<T | 'none'> {
  let timer: NodeJS.Timeout | undefined;
  const none = new Promise<'none'>((resolve) => (timer = setTimeout(() => resolve('none'), ms)));
  const next = stream.next().then((result) => (result.done ? 'none' : result.value));
  try {
    return await Promise.race([next, none]);
  } finally {
    clearTimeout(timer);
  }
}
