/**
 * The uploaders of bench section 11, in a process of their own: building, sending and reading back a 4 MB multipart
 * body four times over is work of the sender's, and on the upstream's own event loop it would be counted against
 * the upstream's /healthz. Re-sends the sheet until `seconds` are up and prints `{ "uploads": n }` on stdout.
 *
 *   node --import tsx bench/sheet-uploaders-child.ts '{"upstreamUrl":"http://…","token":"…","seconds":10,"uploaders":4}'
 */
import { SHEET_ROWS, sheetOfRows, uploadSheet, type UploadersSpec } from './sections/sheet-uploads';

const spec = JSON.parse(process.argv[2] ?? '{}') as UploadersSpec;
const bytes = await sheetOfRows(SHEET_ROWS);
const deadline = performance.now() + spec.seconds * 1000;
let uploads = 0;
await Promise.all(
  Array.from({ length: spec.uploaders }, async () => {
    while (performance.now() < deadline) {
      await uploadSheet(spec.upstreamUrl, spec.token, bytes);
      uploads += 1;
    }
  }),
);
console.log(JSON.stringify({ uploads }));
