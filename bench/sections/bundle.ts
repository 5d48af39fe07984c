// Section 4a: byte sizes from the production build.
import { homeRoute, lazyChunks } from '../lib/bundle';
import { fixed } from '../lib/stats';

export function measureBundle(): { markdown: string; homeKb: number; withinBudget: boolean } {
  const home = homeRoute(200);
  const { chunks, cssFiles } = lazyChunks();
  const kb = (bytes: number) => fixed(bytes / 1024, 1);
  const markdown = [
    `Home route, before it renders (web/scripts/bundle-size.ts: the entry chunk and its static imports, each gzipped`,
    `at level 9): **${kb(home.gzipBytes)} KB gzip in ${home.files} files** (budget 200 KB: ${home.withinBudget ? 'met' : '**missed**'}).`,
    `CSS files in the build: ${cssFiles} (Fluent's styles are CSS-in-JS inside the JavaScript).`,
    '',
    'Each lazy chunk, with the shared chunks it adds beyond what the home route already loaded:',
    '',
    '| lazy module | gzip KB added | files |',
    '|---|---|---|',
    ...chunks.map((c) => `| ${c.source} | ${kb(c.gzipBytes)} | ${c.files} |`),
  ].join('\n');
  return { markdown, homeKb: home.gzipBytes / 1024, withinBudget: home.withinBudget };
}
