import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { CartPageQuery as CartPageData, CartSummaryBar_SummaryFragment } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { toast } from '../../shared/notify';
import { cartCheckoutPath } from '../../shared/cart-steps';
import { applyLineEdits } from './cart-cache';
import { optimisticEdits, selectAllState, type CartChange } from './cart-optimistic';
import { CartLineRow } from './CartLineRow';
import { tierRows } from './tier-progress';
import { marketTokens } from '../../theme/theme';

export const CartSummaryBarFragment = graphql(`
  fragment CartSummaryBar_summary on CartSummary {
    selectedCount
    selectedTotal {
      fen
      amount
    }
    shippingShortfall {
      fen
      amount
    }
    freeShipping
    fullReductionTiers {
      label
      reached
      shortfall {
        fen
        amount
      }
    }
    discountTiers {
      label
      reached
      shortfall {
        fen
        amount
      }
    }
  }
`);

export const CartPageFragment = graphql(`
  fragment CartPage_cart on Cart {
    id
    count
    lines {
      id
      ...CartLineRow_line
    }
    summary {
      ...CartSummaryBar_summary
    }
  }
`);

export const CartPageQuery = graphql(`
  query CartPage {
    cart {
      id
      ...CartPage_cart
      ...CartBadge_cart
      ...CartPanel_cart
    }
  }
`);

// Every cart mutation answers the cart through all three views' fragments: page, badge and panel move together.
export const UpdateCartLineMutation = graphql(`
  mutation UpdateCartLine($id: ID!, $number: Int!) {
    updateCartLine(id: $id, number: $number) {
      message
      cart {
        id
        ...CartPage_cart
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

export const SelectCartLinesMutation = graphql(`
  mutation SelectCartLines($ids: [ID!]!, $selected: Boolean!) {
    selectCartLines(ids: $ids, selected: $selected) {
      cart {
        id
        ...CartPage_cart
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

export const RemoveCartLinesMutation = graphql(`
  mutation RemoveCartLines($ids: [ID!]!) {
    removeCartLines(ids: $ids) {
      message
      cart {
        id
        ...CartPage_cart
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

/** Spec 5's confirmation before a cart item is deleted. */
export const DELETE_CONFIRMATION = '确定要删除该商品吗？';

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 16px',
    padding: '8px 12px',
    marginBottom: '8px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  lines: { display: 'grid', gap: '8px', listStyleType: 'none', margin: 0, padding: 0 },
  summary: {
    position: 'sticky',
    bottom: 0,
    zIndex: 10,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: '8px 24px',
    padding: '12px 16px',
    marginTop: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
  },
  hints: {
    marginRight: 'auto',
    display: 'grid',
    gap: '2px',
    fontSize: tokens.fontSizeBase200,
    '@media (max-width: 600px)': { flexBasis: '100%' },
  },
  progressBox: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '12px 48px',
    padding: '12px 16px',
    marginTop: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  progressGroup: { display: 'flex', gap: '12px', alignItems: 'baseline' },
  progressTitle: {
    flexShrink: 0,
    padding: '0 6px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
    fontSize: tokens.fontSizeBase200,
  },
  progress: {
    display: 'grid',
    gap: '2px',
    fontSize: tokens.fontSizeBase200,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  reached: { color: tokens.colorPaletteGreenForeground1 },
  short: { color: tokens.colorBrandForeground1 },
  pending: { opacity: 0.55 },
  total: { fontSize: tokens.fontSizeBase500, color: marketTokens.colorPrice, fontWeight: tokens.fontWeightSemibold },
  checkout: { minWidth: '120px' },
});

type Cart = CartPageData['cart'];

/** Every full-reduction and discount tier with its progress, reached ones first (spec 4). */
function TierProgress({ summary }: { summary: CartSummaryBar_SummaryFragment }) {
  const styles = useStyles();
  const groups = [
    { title: '满减', rows: tierRows('满减', summary.fullReductionTiers) },
    { title: '满折', rows: tierRows('满折', summary.discountTiers) },
  ].filter((group) => group.rows.length > 0);
  if (groups.length === 0) return null;
  return (
    <section className={styles.progressBox} aria-label="优惠进度">
      {groups.map((group) => (
        <div key={group.title} className={styles.progressGroup}>
          <strong className={styles.progressTitle}>{group.title}</strong>
          <ul className={styles.progress}>
            {group.rows.map((row) => (
              <li key={row.key} className={row.reached ? styles.reached : styles.short}>
                {row.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * The bar that stays at the bottom of the window: shipping, the nearest tier still to reach, the selected count,
 * the total as the gateway computed it, and 去结算.
 */
function CartSummaryBar({
  summary,
  pending,
  lineIds,
}: {
  summary: CartSummaryBar_SummaryFragment;
  pending: boolean;
  lineIds: string[];
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const next = [...tierRows('满减', summary.fullReductionTiers), ...tierRows('满折', summary.discountTiers)].find(
    (row) => !row.reached,
  );
  return (
    <section className={styles.summary} aria-label="结算" aria-busy={pending}>
      <div className={styles.hints}>
        {summary.freeShipping ? (
          <span className={styles.reached}>已包邮</span>
        ) : summary.shippingShortfall ? (
          <span className={styles.short}>还差{formatPrice(summary.shippingShortfall)}免运费</span>
        ) : null}
        {next ? <span className={styles.short}>{next.text}</span> : null}
      </div>
      <span className={mergeClasses(pending && styles.pending)}>已选 {summary.selectedCount} 种商品</span>
      <span className={mergeClasses(pending && styles.pending)}>
        合计：<span className={styles.total}>{formatPrice(summary.selectedTotal)}</span>
      </span>
      <Button
        appearance="primary"
        size="large"
        className={styles.checkout}
        disabled={pending || lineIds.length === 0}
        onClick={() => void navigate(cartCheckoutPath(lineIds))}
      >
        去结算
      </Button>
    </section>
  );
}

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

function CartLines({ cart }: { cart: Cart }) {
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
          />
        ))}
      </ul>
      <TierProgress summary={cart.summary} />
      <CartSummaryBar summary={cart.summary} pending={summaryPending} lineIds={all.selectedIds} />
      <Dialog
        open={confirming !== null}
        modalType="alert"
        onOpenChange={(_event, data) => (data.open ? undefined : setConfirming(null))}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>温馨提示</DialogTitle>
            <DialogContent>
              {DELETE_CONFIRMATION}
              {confirming && confirming.length > 1 ? `（共 ${confirming.length} 种）` : ''}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={removing.loading} onClick={() => void removeConfirmed()}>
                确定
              </Button>
              <Button appearance="secondary" onClick={() => setConfirming(null)}>
                取消
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

/** /cart (cart_step1): the buyer's lines, selection, quantities and the totals the gateway computed. */
export default function CartPage() {
  const styles = useStyles();
  // Cart contents are always fresh (notes): the cache shows at once, the network answer replaces it.
  const { data, loading } = useQuery(CartPageQuery, { fetchPolicy: 'cache-and-network' });
  return (
    <>
      <h1 className={styles.heading}>我的购物车</h1>
      {loading && !data ? (
        <EmptyState title="正在加载购物车…" />
      ) : !data ? (
        <EmptyState title="购物车暂时无法加载">
          <Link to="/login">登录</Link>后查看购物车
        </EmptyState>
      ) : data.cart.lines.length === 0 ? (
        <EmptyState title="购物车还是空的">
          <Link to="/list">去挑选商品</Link>
        </EmptyState>
      ) : (
        <CartLines cart={data.cart} />
      )}
    </>
  );
}
