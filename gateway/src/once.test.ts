import { describe, expect, it } from 'vitest';
import { ReadAheadLoader } from './once';

describe('a loader read ahead', () => {
  it('answers a key already loaded as a plain value, and any other through one batch as before', async () => {
    const batches: string[][] = [];
    const loader = new ReadAheadLoader<boolean>(async (keys) => {
      batches.push([...keys]);
      return keys.map((key) => key === 'a');
    });
    const first = loader.read('a');
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(true);
    expect(loader.read('a')).toBe(true);
    await loader.loadMany(['b', 'c']);
    expect([loader.read('b'), loader.read('c')]).toEqual([false, false]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('forgets what the loader forgets: a cleared, re-primed or cleared-all key is read afresh', async () => {
    const loader = new ReadAheadLoader<boolean>(async (keys) => keys.map(() => false));
    await loader.load('a');
    expect(loader.read('a')).toBe(false);
    loader.clear('a').prime('a', true);
    expect(await loader.read('a')).toBe(true);
    loader.clearAll();
    const again = loader.read('a');
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toBe(false);
  });

  it('keeps no answer for a key cleared while its batch was out', async () => {
    const loader = new ReadAheadLoader<boolean>(async (keys) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return keys.map(() => true);
    });
    const pending = loader.load('a');
    await new Promise((resolve) => setImmediate(resolve));
    loader.clear('a');
    expect(await pending).toBe(true);
    expect(loader.read('a')).toBeInstanceOf(Promise);
  });

  it('reads a failed key as the loader rejects it, without asking again', async () => {
    let batches = 0;
    const loader = new ReadAheadLoader<boolean>(async (keys) => {
      batches += 1;
      return keys.map(() => new Error('down'));
    });
    await loader.loadMany(['a']);
    await expect(loader.read('a')).rejects.toThrow('down');
    expect(batches).toBe(1);
  });
});
