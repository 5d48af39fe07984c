/**
 * A purchase-list file read in a worker thread (IMPORT-10): an .xlsx or a CSV is parsed here, off the upstream's
 * event loop, and only the rows (or the refusal's message) go back.
 */
import { ApiError } from '../../lib/http';
import { parseFile, type ColumnMapping, type ListRead } from './parse';

export interface SheetTask {
  bytes: Uint8Array;
  filename: string;
  /** IMPORT-14: how long the reading may take, counted from when this thread begins it. */
  timeoutMs: number;
  /** IMPORT-17: the buyer's column mapping, when the buyer corrected the one read. */
  mapping?: ColumnMapping;
}

/** The rows read, or the Chinese message of the limit the file broke (an ApiError does not cross threads). */
export type SheetResult = { read: ListRead } | { refused: string };

export default async function readSheet({ bytes, filename, timeoutMs, mapping }: SheetTask): Promise<SheetResult> {
  try {
    return { read: await parseFile(bytes, filename, Date.now() + timeoutMs, mapping) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { refused: error.message };
    throw error;
  }
}
