import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import sirv from 'sirv';

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, notFound: () => void) => void;

/**
 * The web build's files (sirv: the compressed twins, ETags, the list of files read once at start). sirv opens a file
 * only after it has written the answer's head and pipes it without listening for errors, so a file removed after
 * start (a `npm run build -w web` empties the folder while this gateway serves it) ended the process on the stream's
 * unhandled error. A file that is gone is now a 404, and a stream that fails after all ends its own answer only.
 */
export function staticFiles(dir: string): StaticFiles {
  const root = normalize(dir + sep);
  const serve = sirv(dir, {
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders: (res, pathname) => {
      // sirv calls this right before it opens the file; the file is read by its own name (or, for an address without
      // an extension, as .html) or a compressed twin, which a build writes and removes together with it.
      const file = normalize(join(root, pathname));
      if (!file.startsWith(root) || !(existsSync(file) || existsSync(`${file}.html`))) throw new Vanished();
      // Vite fingerprints everything under /assets; the HTML must be revalidated so a deploy is seen at once.
      res.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (req, res, notFound) => {
    // Removed between the check above and sirv's open (or only its twin): the head is out, so the connection ends.
    const guard = (source: Readable) => source.once('error', () => res.destroy());
    res.once('pipe', guard);
    try {
      serve(req, res, notFound);
    } catch (error) {
      if (!(error instanceof Vanished)) throw error;
      res.removeHeader('vary');
      notFound();
    } finally {
      // The stream, if any, was piped synchronously: the guard is attached or not needed.
      res.off('pipe', guard);
    }
  };
}

class Vanished extends Error {
  constructor() {
    super('the file was removed after the gateway started');
  }
}
