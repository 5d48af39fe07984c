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
