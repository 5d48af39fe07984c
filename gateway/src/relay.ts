/** What the gateway's byte relays (uploaded files, invoice PDFs, order files) share: the buyer's own credentials, plain answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import contentDisposition from 'content-disposition';
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

/** The upstream's JSON refusal message, shown as it is; undefined for a body that is not one (the caller answers busy). */
export function refusalMessage(bytes: Uint8Array): string | undefined {
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON.
  }
  return undefined;
}

/**
 * The file name the browser saves under: the upstream's when it sent a readable one (1-100 characters before the
 * expected extension, no path), else `name`; written anew per RFC 6266 with `fallback(chosen)` as its ASCII name and
 * the UTF-8 name in RFC 5987 form.
 */
export function attachmentDisposition(
  upstream: string | undefined,
  name: string,
  extension: string,
  fallback: (chosen: string) => string,
): string {
  let chosen = name;
  if (upstream !== undefined) {
    try {
      const parsed = contentDisposition.parse(upstream).parameters.filename;
      const stem =
        typeof parsed === 'string' && parsed.endsWith(`.${extension}`) ? parsed.slice(0, -extension.length - 1) : '';
      if (typeof parsed === 'string' && stem.length >= 1 && stem.length <= 100 && !/[/\\]/.test(stem)) chosen = parsed;
    } catch {
      // An unreadable header: the name given.
    }
  }
  return contentDisposition(chosen, { fallback: fallback(chosen) });
}

/** A relayed file as an attachment that no cache but the browser's own memory keeps. */
export function sendAttachment(
  req: IncomingMessage,
  res: ServerResponse,
  file: { bytes: Uint8Array; contentType: string; disposition: string },
): void {
  res.writeHead(200, {
    'content-type': file.contentType,
    'content-length': String(file.bytes.byteLength),
    'content-disposition': file.disposition,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : file.bytes);
}
