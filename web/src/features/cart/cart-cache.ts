import type { ApolloCache } from '@apollo/client';
import type { LineEdit } from './cart-optimistic';

let layers = 0;

/**
 * Writes the edits as one optimistic layer over the normalised `CartLine` entries and answers its id; the caller
 * removes the layer once the gateway has answered (the answer is then in the base layer) or failed (a rollback).
 */
export function applyLineEdits(cache: ApolloCache, edits: readonly LineEdit[]): string {
  layers += 1;
  const layer = `cart-edit-${layers}`;
  cache.recordOptimisticTransaction((transaction) => {
    for (const edit of edits) {
      const id = transaction.identify({ __typename: 'CartLine', id: edit.id });
      if (!id) continue;
      if ('selected' in edit)
        transaction.modify<{ selected: boolean }>({ id, fields: { selected: () => edit.selected } });
      else transaction.modify<{ number: number }>({ id, fields: { number: () => edit.number } });
    }
  }, layer);
  return layer;
}
