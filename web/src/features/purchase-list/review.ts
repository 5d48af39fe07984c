/**
 * The review of a matched purchase list (IMPORT-05, IMPORT-06) as plain data: what each row has chosen, how many,
 * and the lines one confirmation sends. The page keeps one `ReviewRow` per row of the list.
 */
import type {
  ImportPurchaseListMutation,
  MatchPurchaseListMutation,
  PurchaseListCandidate_GoodsFragment,
} from '../../gql/graphql';

export type MatchedRow = MatchPurchaseListMutation['matchPurchaseList']['rows'][number];
export type Candidate = PurchaseListCandidate_GoodsFragment;

export const MAX_QUANTITY = 999999;
export const QUANTITY_TEXT = '数量必须是大于0的整数';

export interface ReviewRow {
  /** The row's line in the source; unique within a list. */
  line: number;
  row: MatchedRow;
  /** The candidates offered: the match's, or what the buyer found searching by hand. */
  candidates: readonly Candidate[];
  /** The goods chosen, or null while none is. */
  chosenId: string | null;
  /** The quantity as typed: a whole number from 1 to 999999, or what the buyer typed instead. */
  quantity: string;
  /** False once the buyer dropped the row. */
  kept: boolean;
}

/** IMPORT-05: an exact match starts chosen; an ambiguous row waits for the buyer; an unmatched one has nothing. */
export function reviewOf(rows: readonly MatchedRow[]): ReviewRow[] {
  return rows.map((row) => ({
    line: row.line,
    row,
    candidates: row.candidates,
    chosenId: row.status === 'EXACT' ? (row.candidates[0]?.id ?? null) : null,
    quantity: row.number === null || row.number === undefined ? '' : String(row.number),
    kept: true,
  }));
}

/** CART-05 as the review checks it: a whole number from 1 to 999999, or null. */
export function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_QUANTITY ? n : null;
}

export function chosenOf(row: ReviewRow): Candidate | null {
  return row.candidates.find((c) => c.id === row.chosenId) ?? null;
}

/** IMPORT-06: the lines one confirmation sends: kept rows with a goods chosen and a valid quantity. */
export function linesOf(rows: readonly ReviewRow[]): { goodsId: string; number: number }[] {
  return rows.flatMap((row) => {
    const number = quantityOf(row.quantity);
    return row.kept && row.chosenId !== null && number !== null ? [{ goodsId: row.chosenId, number }] : [];
  });
}

/** What the confirm bar says is left to do before every kept row can go in. */
export function pendingOf(rows: readonly ReviewRow[]): { unchosen: number; badQuantity: number; ready: number } {
  let unchosen = 0;
  let badQuantity = 0;
  let ready = 0;
  for (const row of rows) {
    if (!row.kept) continue;
    const valid = quantityOf(row.quantity) !== null;
    if (row.chosenId === null) unchosen += 1;
    else if (!valid) badQuantity += 1;
    else ready += 1;
  }
  return { unchosen, badQuantity, ready };
}

/** The page's file check before sending (IMPORT-02); the upstream judges again, by the content. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FILE_TYPE_TEXT = '只支持Excel（.xlsx）或CSV文件，请另存为其中一种后再上传';
export const FILE_SIZE_TEXT = '文件不能超过5MB';

export function checkListFile(file: { name: string; size: number }): string | null {
  if (!/\.(xlsx|csv|txt)$/i.test(file.name)) return FILE_TYPE_TEXT;
  if (file.size > MAX_FILE_BYTES) return FILE_SIZE_TEXT;
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

/**
 * Pasted text travels as a GraphQL variable while it is small; a long list goes as a text file instead, since the
 * gateway keeps ordinary request bodies small (100 KB) and takes up to 5 MB only as an upload.
 */
export const TEXT_AS_FILE_BYTES = 60 * 1024;

/** IMPORT-06: which rows the answer added, by walking the sent lines in order (the upstream keeps it). */
export function rowsAdded(
  sent: readonly { row: number; goodsId: string; number: number }[],
  outcome: ImportPurchaseListMutation['importPurchaseList'],
): Set<number> {
  const added = new Set<number>();
  let next = 0;
  for (const line of sent) {
    const answer = outcome.added[next];
    if (answer && answer.goodsId === line.goodsId && answer.number === line.number) {
      added.add(line.row);
      next += 1;
    }
  }
  return added;
}
