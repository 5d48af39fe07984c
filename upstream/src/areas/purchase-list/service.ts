/** Purchase lists into the cart (IMPORT-01..IMPORT-06 in docs/product.md). */
import type { Db } from '../../db/db';
import { ApiError } from '../../lib/http';
import { goodsDto, type GoodsDto } from '../../lib/goods';
import { addLines, lineCount } from '../cart/service';
import type { Column, ListRead, ListRow } from './parse';
import { isSure, makerCore, rankCandidates } from './rank';
import { goodsByIds, goodsNames, matchCandidates, type CandidateRow, type MatchKey, type MatchTier } from './store';

/** IMPORT-05: an ambiguous row offers at most this many candidates, best first. */
export const MAX_CANDIDATES = 5;

export type MatchStatus = 'exact' | 'ambiguous' | 'none';
export type MatchedBy = 'pzwh' | 'name' | 'contains' | 'pinyin';

const MATCHED_BY: Record<MatchTier, MatchedBy> = { 1: 'pzwh', 2: 'name', 3: 'contains', 4: 'pinyin' };

export interface MatchedRow extends ListRow {
  status: MatchStatus;
  matched_by: MatchedBy | null;
  /** How many goods matched; `candidates` holds the first MAX_CANDIDATES of them. */
  candidate_total: number;
  candidates: GoodsDto[];
}

export interface MatchAnswer {
  rows: MatchedRow[];
  exact: number;
  ambiguous: number;
  none: number;
  /** IMPORT-17: how each column of the sheet was read; empty for typed lines, which have no columns. */
  columns: { index: number; title: string; field: Column | null }[];
  /** IMPORT-16: the header row's line, or null when the list has none. */
  header_line: number | null;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** IMPORT-04: the row's texts as the statement compares them. */
export function matchKey(row: ListRow, idx: number): MatchKey {
  const name = fold(row.name).trim();
  return {
    idx,
    name,
    // Buyers type pinyin initials (gmlkl for 感冒灵颗粒) as they do in the search box.
    py: /^[a-z0-9]+$/.test(name) ? name : '',
    spec: fold(row.spec).replace(/×/g, '*').replace(/\s+/g, ''),
    maker: fold(row.maker),
    pzwh: row.pzwh.normalize('NFKC').replace(/\s+/g, '').toUpperCase().replace('国药准字', ''),
    makerHead: row.maker.trim() === '' ? '' : [...makerCore(row.maker)].slice(0, 2).join(''),
  };
}

/** IMPORT-20: the candidates of one row read for ranking; a name shared by more is cut to those ranked first. */
const RANKED_PER_ROW = 200;

/**
 * IMPORT-04, IMPORT-05, IMPORT-20, IMPORT-21: every row matched against the catalogue in two statements (the
 * candidates, then the goods answered). A row's candidates are ranked by manufacturer, specification, availability
 * and sales: one sure candidate (./rank isSure) is `exact` and alone; otherwise the row is `ambiguous` with the
 * first MAX_CANDIDATES, best first; none is `none`. A row without a name or approval number is `none` with its
 * error; a row whose quantity is wrong is still matched, its error beside it.
 */
export async function matchList(db: Db, list: ListRead | readonly ListRow[], publicUrl: string): Promise<MatchAnswer> {
  const read: ListRead = 'rows' in list ? list : { rows: [...list], columns: [], headerLine: null };
  const rows = read.rows;
  const keys = rows.flatMap((row, idx) => (row.name === '' && row.pzwh === '' ? [] : [matchKey(row, idx)]));
  const found = keys.length === 0 ? [] : await matchCandidates(db, keys, RANKED_PER_ROW);
  const byRow = new Map<number, CandidateRow[]>();
  for (const candidate of found) {
    const list = byRow.get(candidate.idx) ?? [];
    list.push(candidate);
    byRow.set(candidate.idx, list);
  }
  const chosen = rows.map((row, idx) => {
    const candidates = byRow.get(idx) ?? [];
    const ranked = rankCandidates(row, candidates);
    const sure = isSure(ranked);
    return {
      first: candidates[0],
      sure,
      ids: ranked.slice(0, sure ? 1 : MAX_CANDIDATES).map((r) => r.goods.id),
    };
  });
  const goods = await goodsByIds(
    db,
    chosen.flatMap((c) => c.ids),
  );
  const answer: MatchAnswer = {
    rows: [],
    exact: 0,
    ambiguous: 0,
    none: 0,
    columns: read.columns,
    header_line: read.headerLine,
  };
  rows.forEach((row, idx) => {
    const { first, sure, ids } = chosen[idx] ?? { first: undefined, sure: false, ids: [] };
    const status: MatchStatus = first === undefined ? 'none' : sure ? 'exact' : 'ambiguous';
    answer[status] += 1;
    answer.rows.push({
      ...row,
      status,
      matched_by: first === undefined ? null : MATCHED_BY[first.tier],
      candidate_total: sure ? 1 : (first?.total ?? 0),
      candidates: ids.flatMap((id) => {
        const g = goods.get(id);
        return g === undefined ? [] : [goodsDto(g, publicUrl)];
      }),
    });
  });
  return answer;
}

export interface ImportLine {
  goods_id: number;
  number: number;
}

export interface ImportAnswer {
  added: { goods_id: number; name: string; number: number }[];
  failed: { goods_id: number; name: string; number: number; reason: string }[];
  /** The cart's line count afterwards (the badge). */
  total: number;
}

/**
 * IMPORT-06: the chosen lines go into the cart one by one through the cart's own rules (buyable, stock, ladder
 * prices, adding to a line already there), so one refused line leaves the others; answers what went in and what was
 * refused, with the cart's reason.
 */
export async function importLines(db: Db, userId: number, lines: readonly ImportLine[]): Promise<ImportAnswer> {
  const names = await goodsNames(
    db,
    lines.map((line) => line.goods_id),
  );
  const answer: ImportAnswer = { added: [], failed: [], total: 0 };
  for (const line of lines) {
    const name = names.get(line.goods_id) ?? '';
    try {
      answer.total = await addLines(db, userId, [
        {
          type: '0',
          goods_id: line.goods_id,
          number: line.number,
          goods_price_id: 0,
          ladder_price_id: 0,
          goods_manjian_id: 0,
          is_yj: 0,
        },
      ]);
      answer.added.push({ ...line, name });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      answer.failed.push({ ...line, name, reason: error.message });
    }
  }
  if (answer.added.length === 0) answer.total = await lineCount(db, userId);
  return answer;
}
