// Section 12: how often the purchase-list import ranks the right goods first (IMPORT-22), over the fixture lists
// as buyers keep them (ERP exports with title rows, a GBK CSV, a hand-made workbook, lines typed in a chat). The
// lists are read and matched in this process against the demo catalogue: no HTTP, a second or two.
//
// Runs inside `npm run bench`, or alone: node --import tsx bench/sections/purchase-list-rate.ts
import type { Db } from '../../upstream/src/db/db';
import { parseFile, readText } from '../../upstream/src/areas/purchase-list/parse';
import { matchList } from '../../upstream/src/areas/purchase-list/service';
import { judge, purchaseListFixtures } from '../../upstream/test/fixtures/purchase-lists/fixtures';
import { fixed } from '../lib/stats';
import { runAlone } from '../lib/alone';

export const RATE_TARGET = 0.95;

export async function measurePurchaseListRate(db: Db): Promise<{ markdown: string; rate: number; met: boolean }> {
  const lines = [
    '| list | rows | rows naming a goods | right goods first | rows read wrong |',
    '|---|---|---|---|---|',
  ];
  let goodsRows = 0;
  let firstRight = 0;
  const missed: string[] = [];
  for (const fixture of await purchaseListFixtures()) {
    const read = fixture.file.endsWith('.txt')
      ? readText(Buffer.from(fixture.bytes).toString('utf8'))
      : await parseFile(fixture.bytes, fixture.file);
    const judged = judge(fixture, await matchList(db, read, 'http://bench.test'));
    goodsRows += judged.goodsRows;
    firstRight += judged.firstRight;
    missed.push(...judged.missed);
    lines.push(
      `| ${fixture.file} | ${fixture.rows.length} | ${judged.goodsRows} | ${judged.firstRight} | ${judged.wrongRows.length} |`,
    );
  }
  const rate = goodsRows === 0 ? 0 : firstRight / goodsRows;
  const met = rate >= RATE_TARGET;
  const markdown = [
    'The fixture lists of `upstream/test/fixtures/purchase-lists/` read and matched against the demo catalogue; a row',
    'counts when its expected goods is ranked first.',
    '',
    ...lines,
    '',
    `Matching rate: **${fixed(rate * 100, 1)}%** (${firstRight} of ${goodsRows}); target ≥ ${RATE_TARGET * 100}%: ${met ? 'met' : '**missed**'}.`,
    ...(missed.length === 0 ? [] : ['', 'Not first:', '', ...missed.map((m) => `- ${m}`)]),
  ].join('\n');
  return { markdown, rate, met };
}

await runAlone(import.meta.url, (m) => measurePurchaseListRate(m.db));
