/** What the gateway's byte relays (uploaded files, invoice PDFs) share: the buyer's own credentials, plain answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { traceOf } from './logger';

/** The browser's own session as it came (cookie or bearer token), to be passed on to the upstream. */
export function requestCredentials(req: IncomingMessage) {
  return {
    authorization: typeof req.headers.authorization === 'string' ? req.headers.authorization : null,
    cookie: typeof req.headers.cookie === 'string' ? req.headers.cookie : null,
    // The upstream limits no file reads by address (SEC-14), so none is passed on.
    clientAddress: null,
    trace: traceOf({ get: (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : null) }),
  };
}

/** A short refusal as plain text that no cache keeps. */
export function plainText(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(message);
}
