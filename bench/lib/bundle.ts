// The web build's byte sizes. The home route's total is web/scripts/bundle-size.ts's own measure (run, not
// re-implemented); the lazy route chunks are what each route adds on top of what the home route already loaded.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchConfig } from './config';

// WEB_DIST_DIR measures a build made with WEB_OUT_DIR (web/vite.config.ts), as the browser tests read one.
export const webDist = fileURLToPath(new URL(`../../web/${benchConfig.WEB_DIST_DIR}`, import.meta.url));
const bundleSizeScript = fileURLToPath(new URL('../../web/scripts/bundle-size.ts', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface HomeRoute {
  gzipBytes: number;
  files: number;
  budgetKb: number;
  withinBudget: boolean;
  output: string;
}

export function hasBuild(): boolean {
  return existsSync(join(webDist, '.vite', 'manifest.json'));
}

/** Runs bundle-size.ts over web/dist and reads its total line. */
export function homeRoute(budgetKb = 200): HomeRoute {
  const result = spawnSync(process.execPath, ['--import', 'tsx', bundleSizeScript, String(budgetKb)], {
    encoding: 'utf8',
  });
  const match = /([\d.]+) KB gzip in (\d+) files/.exec(result.stdout);
  if (!match) throw new Error(`bundle-size.ts printed no total:\n${result.stdout}${result.stderr}`);
  return {
    gzipBytes: Math.round(Number(match[1]) * 1024),
    files: Number(match[2]),
    budgetKb,
    withinBudget: result.status === 0,
    output: result.stdout.trim(),
  };
}

export interface LazyChunk {
  source: string;
  /** Gzip bytes of the route's own chunk and the shared chunks it adds to what home loaded. */
  gzipBytes: number;
  files: number;
}

/** Each lazily loaded module and the bytes it adds beyond the home route's static graph. */
export function lazyChunks(): { chunks: LazyChunk[]; cssFiles: number } {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (start: string): Set<string> => {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const key = queue.pop();
      if (key === undefined || seen.has(key)) continue;
      seen.add(key);
      queue.push(...(manifest[key]?.imports ?? []));
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const home = closure(entry);
  const gzip = (file: string) => gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length;
  const cssFiles = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? [])).size;
  const chunks = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const added = [...closure(key)].filter((k) => !home.has(k));
      return {
        source: chunk.src ?? key,
        gzipBytes: added.reduce((sum, k) => sum + gzip(manifest[k]?.file ?? k), 0),
        files: added.length,
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, cssFiles };
}
