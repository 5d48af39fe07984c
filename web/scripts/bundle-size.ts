import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript the home route loads before it can render: index.html's entry chunk and everything it imports
 * statically (Vite preloads exactly these). Each file is gzipped on its own, as a server sends it.
 * Usage: node --import tsx web/scripts/bundle-size.ts [budgetKb]; exits 1 over budget (default 200 KB).
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const budgetKb = Number(process.argv[2] ?? 200);

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest; run `vite build` first.');

const seen = new Set<string>();
const queue = [entry[0]];
while (queue.length > 0) {
  const key = queue.pop();
  if (key === undefined || seen.has(key)) continue;
  seen.add(key);
  queue.push(...(manifest[key]?.imports ?? []));
}

const rows = [...seen]
  .map((key) => {
    const file = manifest[key]?.file ?? key;
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const row of rows) console.log(`${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB  ${row.file}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`${kb(total).padStart(7)} KB gzip in ${rows.length} files (budget ${budgetKb} KB)`);
if (total > budgetKb * 1024) process.exitCode = 1;
