/** BATCH-04, BATCH-08: how an order shows the batches its goods came from, and where its delivery note is. */

export interface LineBatch {
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  number: number;
}

/**
 * One line of text for a line's batches: 批号 24110101（生产日期 2024-11-01，有效期至 2026-10-31）, each batch's units
 * after it when the line came from more than one batch; null for a line without batches.
 */
export function batchText(batches: readonly LineBatch[], unit: string): string | null {
  if (batches.length === 0) return null;
  const one = batches.length === 1;
  return batches
    .map(
      (b) =>
        `批号 ${b.batchNo}（生产日期 ${b.producedOn}，有效期至 ${b.expiresOn}）${one ? '' : ` ${b.number}${unit}`}`,
    )
    .join('；');
}

/** BATCH-08: the gateway's address of a shipped order's delivery note (随货同行单). */
export const deliveryNoteHref = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/delivery-note.pdf`;
