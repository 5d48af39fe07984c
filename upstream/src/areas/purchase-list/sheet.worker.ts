/**
 * A purchase-list file read in a worker thread (IMPORT-10): an .xlsx or a CSV is parsed here, off the upstream's
 * event loop, and only the rows (or the refusal's message) go back.
 */
import { ApiError } from '../../lib/http';
import { parseFile, type ListRow } from './parse';

export interface SheetTask {
  bytes: Uint8Array;
  filename: string;
  /** IMPORT-14: how long the reading may take, counted from when this thread begins it. */
  timeoutMs: number;
}

/** The rows read, or the Chinese message of the limit the file broke (an ApiError does not cross threads). */
export type SheetResult = { rows: ListRow[] } | { refused: string };

export default async function readSheet({ bytes, filename, timeoutMs }: SheetTask): Promise<SheetResult> {
  try {
    return { rows: await parseFile(bytes, filename, Date.now() + timeoutMs) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { refused: error.message };
    throw error;
  }
}
