// Section 4a: byte sizes from the production build, and what a visitor's phone downloads until the network is idle.
import { launchChromium } from '../../tests/testkit/browser';
import { homeRoute, lazyChunks } from '../lib/bundle';
import { javaScriptUntilNetworkIdle } from '../lib/network-idle';
import { fixed } from '../lib/stats';

export async function measureBundle(webUrl: string): Promise<{
  markdown: string;
  homeKb: number;
  withinBudget: boolean;
  untilIdleKb: number;
}> {
  const home = homeRoute(200);
  const { chunks, cssFiles } = lazyChunks();
  const browser = await launchChromium();
  const idle = await javaScriptUntilNetworkIdle(browser, `${webUrl}/`).finally(() => browser.close());
  const kb = (bytes: number) => fixed(bytes / 1024, 1);
  const path = (url: string) => new URL(url).pathname;
  const markdown = [
    `Home route, before it renders (web/scripts/bundle-size.ts: the entry chunk and its static imports, each gzipped`,
    `at level 9): **${kb(home.gzipBytes)} KB gzip in ${home.files} files** (budget 200 KB: ${home.withinBudget ? 'met' : '**missed**'}).`,
    `CSS files in the build: ${cssFiles} (Fluent's styles are CSS-in-JS inside the JavaScript).`,
    '',
    `Home JavaScript until network idle (bench/lib/network-idle.ts: a visitor at 390 px in Chromium, until no request`,
    `for 500 ms, every JavaScript response at its gzipped size, bodies the server sent uncompressed gzipped at level`,
    `9): **${kb(idle.gzipBytes)} KB gzip in ${idle.scripts.length} files**, idle after ${fixed(idle.elapsedMs, 0)} ms`,
    `(budget 200 KB: ${idle.gzipBytes <= 200 * 1024 ? 'met' : '**missed**'}).`,
    '',
    '| script | gzip KB | sent as |',
    '|---|---|---|',
    ...idle.scripts.map((s) => `| ${path(s.url)} | ${kb(s.gzipBytes)} | ${s.encoding || 'uncompressed'} |`),
    '',
    'Each lazy chunk, with the shared chunks it adds beyond what the home route already loaded:',
    '',
    '| lazy module | gzip KB added | files |',
    '|---|---|---|',
    ...chunks.map((c) => `| ${c.source} | ${kb(c.gzipBytes)} | ${c.files} |`),
  ].join('\n');
  return {
    markdown,
    homeKb: home.gzipBytes / 1024,
    withinBudget: home.withinBudget,
    untilIdleKb: idle.gzipBytes / 1024,
  };
}
