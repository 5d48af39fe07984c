import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { Wording } from '@pharma/domain/wording';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CartPage_CartFragment } from '../../gql/graphql';
import { toast } from '../../shared/notify';
import { applyLineEdits } from './cart-cache';
import {
  AddExchangeMutation,
  RemoveCartLinesMutation,
  SelectCartLinesMutation,
  UpdateCartLineMutation,
} from './cart-mutations';
import { CART_ADD_CONTEXT, useCartAdd } from '../../shared/cart-add';
import { optimisticEdits, selectAllState, type CartChange } from './cart-optimistic';
import { CartLineRow } from './CartLineRow';
import { CartSummaryBar, TierProgress } from './CartSummaryBar';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    marginBottom: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
});

type Cart = CartPage_CartFragment;

/** Counts per line id of changes on their way to the gateway; several can overlap on one line. */
type PendingCounts = ReadonlyMap<string, number>;

function bump(counts: PendingCounts, ids: readonly string[], by: 1 | -1): PendingCounts {
  const next = new Map(counts);
  for (const id of ids) {
    const count = (next.get(id) ?? 0) + by;
    if (count > 0) next.set(id, count);
    else next.delete(id);
  }
  return next;
}

export function CartLines({ cart }: { cart: Cart }) {
  const styles = useStyles();
  const [update] = useMutation(UpdateCartLineMutation);
  const [select] = useMutation(SelectCartLinesMutation);
  const [remove, removing] = useMutation(RemoveCartLinesMutation);
  // Quantity changes mark their rows (the line's price and total are not final until the answer); selection
  // changes are final on screen at once and mark only the totals, so select-all does not re-render every row twice.
  const [pending, setPending] = useState<PendingCounts>(new Map());
  const [selecting, setSelecting] = useState(0);
  const [confirming, setConfirming] = useState<string[] | null>(null);

  // The rows' callbacks are created once and read the latest cart from here, so memoised rows stay memoised.
  const latest = useRef(cart);
  useEffect(() => {
    latest.current = cart;
  }, [cart]);

  const track = useCallback(async (ids: readonly string[], work: () => Promise<unknown>) => {
    setPending((counts) => bump(counts, ids, 1));
    try {
      await work();
    } catch {
      // Apollo has rolled the optimistic change back and the error link has told the buyer why.
    } finally {
      setPending((counts) => bump(counts, ids, -1));
    }
  }, []);

  /**
   * Runs a cart mutation with its change shown at once: an optimistic layer edits the changed lines' selection or
   * quantity in the cache, and is removed when the answer (the whole cart) has been written, or on a failure, which
   * rolls the screen back while the error link tells the buyer why.
   */
  const client = useApolloClient();
  const withEdits = useCallback(
    async (change: CartChange, send: () => Promise<unknown>) => {
      const layer = applyLineEdits(client.cache, optimisticEdits(latest.current.lines, change));
      try {
        await send();
      } finally {
        client.cache.removeOptimistic(layer);
      }
    },
    [client],
  );

  const setSelected = useCallback(
    (ids: readonly string[], selected: boolean) => {
      setSelecting((count) => count + 1);
      withEdits({ kind: 'select', ids, selected }, () => select({ variables: { ids: [...ids], selected } }))
        // Rolled back; the error link has shown why.
        .catch(() => undefined)
        .finally(() => setSelecting((count) => count - 1));
    },
    [select, withEdits],
  );
  const onSelect = useCallback((id: string, selected: boolean) => setSelected([id], selected), [setSelected]);
  const onNumber = useCallback(
    (id: string, number: number) =>
      void track([id], () =>
        withEdits({ kind: 'number', id, number }, async () => {
          const result = await update({ variables: { id, number } });
          const message = result.data?.updateCartLine.message;
          if (message) toast(message, 'success');
        }),
      ),
    [track, update, withEdits],
  );
  const onRemove = useCallback((id: string) => setConfirming([id]), []);
  const [addExchange] = useMutation(AddExchangeMutation, { context: CART_ADD_CONTEXT });
  const { run: runAdd } = useCartAdd();
  const onExchange = useCallback(
    (offer: { activityId: string; goodsId: string }) =>
      void runAdd(
        async () =>
          (
            await addExchange({
              variables: {
                lines: [{ type: 'EXCHANGE', goodsId: offer.goodsId, goodsPriceId: offer.activityId, number: 1 }],
              },
            })
          ).data?.addToCart.message,
      ),
    [addExchange, runAdd],
  );
  // PRICE-13: an offer already taken in this cart is not offered again on its lines.
  const takenExchanges = useMemo(
    () => new Set(cart.lines.flatMap((l) => (l.type === 'EXCHANGE' && l.promotion ? [l.promotion.id] : []))),
    [cart.lines],
  );

  const removeConfirmed = async () => {
    if (!confirming) return;
    const ids = confirming;
    try {
      const result = await remove({ variables: { ids } });
      toast(result.data?.removeCartLines.message ?? '已删除', 'success');
    } catch {
      // The error link has shown why.
    } finally {
      setConfirming(null);
    }
  };

  const all = useMemo(() => selectAllState(cart.lines), [cart.lines]);
  const summaryPending = pending.size > 0 || selecting > 0;
  return (
    <>
      <div className={styles.toolbar}>
        <Checkbox
          label="全选"
          checked={all.checked}
          disabled={all.selectableIds.length === 0}
          onChange={() => setSelected(all.selectableIds, all.checked !== true)}
        />
        <span>共 {cart.count} 种商品</span>
        <Button
          appearance="subtle"
          disabled={all.selectedIds.length === 0}
          onClick={() => setConfirming(all.selectedIds)}
        >
          删除选中商品
        </Button>
      </div>
      <ul className={styles.lines} aria-label="购物车商品">
        {cart.lines.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            pending={pending.has(line.id)}
            onSelect={onSelect}
            onNumber={onNumber}
            onRemove={onRemove}
            onExchange={onExchange}
            exchangeTaken={line.exchangeOffer ? takenExchanges.has(line.exchangeOffer.activityId) : false}
          />
        ))}
      </ul>
      <TierProgress summary={cart.summary} />
      <CartSummaryBar summary={cart.summary} pending={summaryPending} lineIds={all.selectedIds} />
      <ConfirmDialog
        open={confirming !== null}
        confirmDisabled={removing.loading}
        onConfirm={() => void removeConfirmed()}
        cancelLabel="取消"
        onClose={() => setConfirming(null)}
      >
        {Wording.confirmDelete}
        {confirming && confirming.length > 1 ? `（共 ${confirming.length} 种）` : ''}
      </ConfirmDialog>
    </>
  );
}
