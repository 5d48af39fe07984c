// Section 6: upstream search latency, with the seeded catalogue and with the catalogue grown to 50,000 goods.
// When upstream/bench/search.ts exists (the upstream's own search bench), its output is reported instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../upstream/src/db/db';
import { fixed, percentile, timeEach } from '../lib/stats';

const upstreamBench = fileURLToPath(new URL('../../upstream/bench/search.ts', import.meta.url));

// What buyers type: Chinese names and makers, whole or in part, and pinyin initials of both.
const KEYWORDS = [
  '感冒',
  '感冒灵',
  '阿莫西林',
  '维生素',
  '片',
  '胶囊',
  'gm',
  'gmlkl',
  'amxl',
  'wss',
  '同仁堂',
  'trt',
  'x',
  '颗粒',
];

async function searchTimes(upstreamUrl: string, count: number): Promise<number[]> {
  let i = 0;
  return timeEach(count, async () => {
    const keyword = KEYWORDS[i++ % KEYWORDS.length] ?? '';
    const type = i % 3 === 0 ? 2 : 1;
    const response = await fetch(
      `${upstreamUrl}/api/goods/search?keywords=${encodeURIComponent(keyword)}&type=${type}`,
    );
    if (!response.ok) throw new Error(`search ${keyword}: ${response.status}`);
    await response.arrayBuffer();
  });
}

/** Copies the seeded goods under numbered names until the catalogue holds `target` goods. */
async function growCatalogue(db: Db, target: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
  const have = row?.n ?? 0;
  if (have >= target) return have;
  const copies = Math.ceil((target - have) / have);
  await db.query(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, pzwh, ck_id, category_id, brand_id, is_buy, number,
       is_youx, type, is_dpby, qg_number, is_free_shipping, free_shipping_number, base_price, price,
       ladder_price_type, sales)
     SELECT name || ' ' || copy, name_py, sccj, sccj_py, ypgg, bzdw, pzwh, ck_id, category_id, brand_id, is_buy, number,
       is_youx, type, is_dpby, qg_number, is_free_shipping, free_shipping_number, base_price, price,
       ladder_price_type, 0
     FROM goods CROSS JOIN generate_series(1, $1::int) AS copy
     ORDER BY copy, id
     LIMIT $2::int`,
    [copies, target - have],
  );
  await db.exec('ANALYZE goods');
  const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
  return after?.n ?? 0;
}

export async function measureSearch(db: Db, upstreamUrl: string): Promise<{ markdown: string; p95Large: number }> {
  if (existsSync(upstreamBench)) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', upstreamBench], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`upstream/bench/search.ts failed: ${result.stderr.slice(0, 500)}`);
    return { markdown: `From upstream/bench/search.ts:\n\n${result.stdout.trim()}`, p95Large: Number.NaN };
  }
  const [seeded] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
  await searchTimes(upstreamUrl, 20);
  const small = await searchTimes(upstreamUrl, 200);
  const grown = performance.now();
  const total = await growCatalogue(db, 50_000);
  const growSeconds = (performance.now() - grown) / 1000;
  await searchTimes(upstreamUrl, 20);
  const large = await searchTimes(upstreamUrl, 200);
  const markdown = [
    'upstream/bench/search.ts does not exist yet, so the bench measures `GET /api/goods/search` itself: 200 requests',
    `one after another, cycling through ${KEYWORDS.length} keywords (Chinese and pinyin initials; by name, and every`,
    'third by manufacturer), after 20 warm-up requests, over the real upstream on PGlite. The large catalogue copies',
    `the seeded goods under numbered names (made in ${fixed(growSeconds, 1)} s).`,
    '',
    '| catalogue | goods | p50 ms | p95 ms |',
    '|---|---|---|---|',
    `| seeded | ${seeded?.n ?? '?'} | ${fixed(percentile(small, 50))} | ${fixed(percentile(small, 95))} |`,
    `| generated | ${total} | ${fixed(percentile(large, 50))} | ${fixed(percentile(large, 95))} |`,
  ].join('\n');
  return { markdown, p95Large: percentile(large, 95) };
}
