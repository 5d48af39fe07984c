import { describe, expect, it } from 'vitest';
import {
  clearSessionChanged,
  createSessionChangeLoader,
  markSessionChanged,
  SESSION_CHANGED_KEY,
} from './session-change';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const to = (url: string) => ({ request: new Request(url) });

describe('the login flag of the session', () => {
  it('AUTH-10: after signing in, the next route is loaded as a fresh document once and the flag is cleared', () => {
    const storage = memoryStorage();
    const loaded: string[] = [];
    const loader = createSessionChangeLoader(
      (url) => loaded.push(url),
      () => storage,
    );
    expect(loader(to('http://shop.test/login'))).toBeNull();

    expect(markSessionChanged(storage)).toBe(true);
    expect(storage.items.has(SESSION_CHANGED_KEY)).toBe(true);
    const pending = loader(to('http://shop.test/cart?from=login'));
    expect(pending).toBeInstanceOf(Promise);
    expect(loaded).toEqual(['http://shop.test/cart?from=login']);
    expect(storage.items.has(SESSION_CHANGED_KEY)).toBe(false);

    // The new document's routes resolve as usual: the flag is gone, so there is no second reload.
    expect(loader(to('http://shop.test/user'))).toBeNull();
    expect(loaded).toHaveLength(1);
  });

  it('AUTH-10: the first route of a new document only clears a flag left behind, without reloading again', () => {
    const storage = memoryStorage();
    markSessionChanged(storage);
    const loaded: string[] = [];
    const loader = createSessionChangeLoader(
      (url) => loaded.push(url),
      () => storage,
    );
    expect(loader(to('http://shop.test/'))).toBeNull();
    expect(loaded).toEqual([]);
    expect(storage.items.has(SESSION_CHANGED_KEY)).toBe(false);
  });

  it('AUTH-10: signing out removes the flag', () => {
    const storage = memoryStorage();
    markSessionChanged(storage);
    clearSessionChanged(storage);
    expect(storage.items.size).toBe(0);
  });

  it('AUTH-10: without session storage nothing is flagged, and the caller resets its state itself', () => {
    expect(markSessionChanged(null)).toBe(false);
    const loader = createSessionChangeLoader(
      () => undefined,
      () => null,
    );
    loader(to('http://shop.test/'));
    expect(loader(to('http://shop.test/cart'))).toBeNull();
  });
});
