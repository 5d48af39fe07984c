import DataLoader from 'dataloader';

/**
 * A per-request memo for a resource without keys (the buyer's base, the focus lists, the cart): every resolver
 * of one operation shares one upstream call. DataLoader would add batching machinery to a single key.
 */
export class Once<T> {
  private pending: Promise<T> | undefined;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.pending ??= this.load();
    return this.pending;
  }

  /** Replaces the memo with a fresher value, e.g. the cart read right after a mutation. */
  set(value: Promise<T>): void {
    this.pending = value;
  }
}

/** A loader's batch keeps each key's own failure: one goods failing does not fail the others. */
export function settle<T>(pending: Promise<T>): Promise<T | Error> {
  return pending.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}

/**
 * A loader whose answers, once in, a field reads as plain values (`read`). A page of goods reads a per-goods mark
 * for all its goods before building them (GoodsPage.items); each goods then answering with one more promise, settled
 * already, cost more gateway CPU than the page's upstream call. An answer is kept only while the loader still holds
 * the promise it settles (not after `clear`, `clearAll`, a new `prime`); a failure is read as the loader's rejection.
 */
export class ReadAheadLoader<V extends object | boolean> extends DataLoader<string, V> {
  private readonly answers: AnswerCache<V>;

  constructor(batch: DataLoader.BatchLoadFn<string, V>, options: { maxBatchSize?: number } = {}) {
    const answers = new AnswerCache<V>();
    super(
      async (keys) => {
        const asked = keys.map((key) => answers.get(key));
        const values = await batch(keys);
        keys.forEach((key, i) => answers.arrive(key, asked[i], values[i]));
        return values;
      },
      { maxBatchSize: options.maxBatchSize, cacheMap: answers },
    );
    this.answers = answers;
  }

  /** The answer for `key` when it is in, else the promise of it. */
  read(key: string): V | Promise<V> {
    return this.answers.answer(key) ?? this.load(key);
  }
}

/** DataLoader's cache of pending answers, with the values of those a batch has answered. */
class AnswerCache<V> implements DataLoader.CacheMap<string, Promise<V>> {
  private readonly pending = new Map<string, Promise<V>>();
  private readonly arrived = new Map<string, V>();

  get(key: string): Promise<V> | undefined {
    return this.pending.get(key);
  }

  set(key: string, pending: Promise<V>): void {
    this.pending.set(key, pending);
    this.arrived.delete(key);
  }

  delete(key: string): void {
    this.pending.delete(key);
    this.arrived.delete(key);
  }

  clear(): void {
    this.pending.clear();
    this.arrived.clear();
  }

  /** Keeps a batch's value for `key` if the loader still holds the promise it was asked with. */
  arrive(key: string, asked: Promise<V> | undefined, value: V | Error | undefined): void {
    if (asked !== undefined && this.pending.get(key) === asked && value !== undefined && !(value instanceof Error)) {
      this.arrived.set(key, value);
    }
  }

  answer(key: string): V | undefined {
    return this.arrived.get(key);
  }
}
