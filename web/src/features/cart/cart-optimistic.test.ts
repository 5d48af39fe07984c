import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../shared/apollo-cache';
import { applyLineEdits } from './cart-cache';
import { optimisticEdits, selectAllState } from './cart-optimistic';

const line = (id: string, over: Partial<{ number: number; selected: boolean; isAvailable: boolean }> = {}) => ({
  id,
  number: 1,
  selected: false,
  isAvailable: true,
  ...over,
});
const lines = () => [line('1'), line('2', { selected: true, number: 3 }), line('3', { isAvailable: false })];

describe('an optimistic cart change', () => {
  it('edits only the quantity of the changed line', () => {
    expect(optimisticEdits(lines(), { kind: 'number', id: '2', number: 5 })).toEqual([{ id: '2', number: 5 }]);
  });

  it('selects lines but never a line that cannot be bought, and skips lines already so', () => {
    expect(optimisticEdits(lines(), { kind: 'select', ids: ['1', '2', '3'], selected: true })).toEqual([
      { id: '1', selected: true },
    ]);
  });

  it('edits nothing when nothing changes', () => {
    expect(optimisticEdits(lines(), { kind: 'number', id: '2', number: 3 })).toEqual([]);
    expect(optimisticEdits(lines(), { kind: 'number', id: 'gone', number: 3 })).toEqual([]);
  });

  it('selects all of a large cart in linear time', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => line(String(i)));
    const started = performance.now();
    const edits = optimisticEdits(big, { kind: 'select', ids: big.map((l) => l.id), selected: true });
    // Quadratic lookups over 20,000 lines take seconds; a linear pass takes milliseconds.
    expect(performance.now() - started).toBeLessThan(500);
    expect(edits).toHaveLength(20_000);
  });
});

describe('the optimistic layer in the cache', () => {
  const money = (fen: number) => ({ __typename: 'Money' as const, fen, amount: (fen / 100).toFixed(2) });

  const LineFields = gql`
    fragment LineFields on CartLine {
      id
      number
      selected
      total {
        fen
        amount
      }
    }
  `;
  const ref = { __typename: 'CartLine', id: 'l1' } as const;

  it('changes selection and quantity at once, leaves the total to the gateway, and rolls back when removed', () => {
    const cache = createCache();
    cache.writeFragment({
      fragment: LineFields,
      id: cache.identify(ref),
      data: { ...ref, number: 2, selected: false, total: money(2500) },
    });
    const read = () => cache.readFragment({ fragment: LineFields, id: cache.identify(ref), optimistic: true });
    const layer = applyLineEdits(cache, [
      { id: 'l1', selected: true },
      { id: 'l1', number: 4 },
    ]);
    expect(read()).toMatchObject({ number: 4, selected: true, total: money(2500) });
    cache.removeOptimistic(layer);
    expect(read()).toMatchObject({ number: 2, selected: false });
  });
});

describe('the select-all box', () => {
  it('is mixed when some buyable lines are selected and acts on buyable lines only', () => {
    expect(selectAllState(lines())).toEqual({ checked: 'mixed', selectableIds: ['1', '2'], selectedIds: ['2'] });
  });

  it('is checked when every buyable line is selected, ignoring lines that cannot be bought', () => {
    expect(selectAllState([line('1', { selected: true }), line('3', { isAvailable: false })]).checked).toBe(true);
  });

  it('is unchecked when nothing can be selected', () => {
    expect(selectAllState([line('3', { isAvailable: false })]).checked).toBe(false);
  });
});
