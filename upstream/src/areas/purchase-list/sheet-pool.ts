/**
 * IMPORT-10, IMPORT-14, IMPORT-15: uploaded purchase lists are read in a small pool of worker threads, so that a
 * large or hostile spreadsheet never holds the upstream's event loop (every other buyer's request waits on it).
 * Each file has a time limit (the thread is ended when it passes), each thread a heap limit, and the queue a bound.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { formError } from '../../lib/http';
import { INFLATED_TEXT, TIMEOUT_TEXT, type ColumnMapping, type ListRead } from './parse';
import type { SheetResult, SheetTask } from './sheet.worker';

/** IMPORT-14: the longest one file may take to read, once a thread has begun it. */
export const SHEET_TIMEOUT_MS = 10_000;
/**
 * IMPORT-14: beyond the reading's own limit, the wait for a thread (a cold one starts in a second or two, more on a
 * busy machine) before the thread is ended from outside: the reader checks its clock between rows, and this catches
 * what no check reaches.
 */
const THREAD_GRACE_MS = 20_000;
/** IMPORT-15: files waiting for a thread beyond those being read; more are refused at once. */
export const SHEET_QUEUE = 8;
/** IMPORT-11: a thread's heap; a file that needs more is refused as too large once unpacked. */
const SHEET_HEAP_MB = 256;

export const BUSY_TEXT = '正在读取的采购单较多，请稍后再试';

// The worker is the same kind of file as this module: sheet.worker.ts beside it under tsx (tests, development),
// sheet.worker.js beside the bundle once built (upstream/scripts/build.ts bundles every *.worker.ts).
const here = fileURLToPath(import.meta.url);
const workerFile = path.join(path.dirname(here), `sheet.worker${path.extname(here)}`);
// A TypeScript worker needs tsx's loader in its own thread, whether or not this process was started with it.
const execArgv =
  path.extname(here) === '.ts' && !process.execArgv.includes('tsx')
    ? [...process.execArgv, '--import', 'tsx']
    : process.execArgv;

export interface SheetReaderOptions {
  /** Worker threads (IMPORT_WORKERS); a file uses one thread at a time. */
  threads: number;
  timeoutMs?: number;
  maxQueue?: number;
}

/** Reads uploaded lists off the event loop; a thread starts with the first file, stays for the next, ends with `close`. */
export class SheetReader {
  private pool: Piscina<SheetTask, SheetResult> | undefined;

  constructor(private readonly options: SheetReaderOptions) {}

  private get threads(): Piscina<SheetTask, SheetResult> {
    this.pool ??= new Piscina<SheetTask, SheetResult>({
      filename: workerFile,
      execArgv,
      minThreads: 1,
      maxThreads: this.options.threads,
      maxQueue: this.options.maxQueue ?? SHEET_QUEUE,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: SHEET_HEAP_MB },
    });
    return this.pool;
  }

  /** The rows and columns of an uploaded file, or the form error (on `file`) of the limit it broke (IMPORT-02, IMPORT-10..15). */
  async read(bytes: Uint8Array, filename: string, mapping?: ColumnMapping): Promise<ListRead> {
    const pool = this.threads;
    // Refused as the other limits are, beside the file, so the buyer keeps the page and tries again.
    if (pool.queueSize >= (this.options.maxQueue ?? SHEET_QUEUE)) throw formError({ file: [BUSY_TEXT] });
    const timeoutMs = this.options.timeoutMs ?? SHEET_TIMEOUT_MS;
    let result: SheetResult;
    try {
      result = await pool.run(
        { bytes, filename, timeoutMs, ...(mapping === undefined ? {} : { mapping }) },
        { signal: AbortSignal.timeout(timeoutMs + THREAD_GRACE_MS) },
      );
    } catch (error) {
      throw refusalOf(error);
    }
    if ('refused' in result) throw formError({ file: [result.refused] });
    return result.read;
  }

  async close(): Promise<void> {
    await this.pool?.close({ force: true });
    this.pool = undefined;
  }
}

function refusalOf(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.name === 'AbortError') return formError({ file: [TIMEOUT_TEXT] });
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return formError({ file: [INFLATED_TEXT] });
  if (error.message === 'Task queue is at limit') return formError({ file: [BUSY_TEXT] });
  return error;
}
