import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Checkbox, makeStyles, mergeClasses, SpinButton, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { CartPage_CartFragment } from '../../gql/graphql';
import { formatPrice } from '../../lib/money';
import { toast } from '../../lib/notify';

export const CartPageFragment = graphql(`
  fragment CartPage_cart on Cart {
    id
    count
    lines {
      id
      number
      selected
      isAvailable
      nextTierHint
      freeShippingHint
      price {
        fen
        amount
      }
      total {
        fen
        amount
      }
      goods {
        id
        name
        spec
        manufacturer
        packingUnit
        stock
        images
      }
    }
    summary {
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

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  table: { display: 'grid', gap: '8px' },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: '16px',
    padding: '8px 12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  line: {
    display: 'grid',
    gridTemplateColumns: 'auto 80px minmax(0, 1fr) auto auto auto',
    alignItems: 'center',
    gap: '12px',
    padding: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { gridTemplateColumns: 'auto 64px minmax(0, 1fr)', rowGap: '8px' },
  },
  name: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  hint: { margin: 0, fontSize: tokens.fontSizeBase200, color: '#e4393c' },
  price: { color: '#e4393c', fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  stepper: { width: '96px' },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: '12px 24px',
    padding: '16px',
    marginTop: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  tiers: { marginRight: 'auto', display: 'grid', gap: '4px', fontSize: tokens.fontSizeBase200 },
  pending: { opacity: 0.5 },
  total: { fontSize: tokens.fontSizeBase500, color: '#e4393c', fontWeight: tokens.fontWeightSemibold },
});

type CartLine = CartPage_CartFragment['lines'][number];

function CartLines({ cart }: { cart: CartPage_CartFragment }) {
  const styles = useStyles();
  const [update, updating] = useMutation(UpdateCartLineMutation);
  const [select, selecting] = useMutation(SelectCartLinesMutation);
  const [remove, removing] = useMutation(RemoveCartLinesMutation);
  const busy = updating.loading || selecting.loading || removing.loading;
  const selectable = cart.lines.filter((line) => line.isAvailable);
  const allSelected = selectable.length > 0 && selectable.every((line) => line.selected);

  /**
   * Selection and quantities change on screen at once (optimistic); totals, ladder prices, tiers and shipping
   * stay as they were, marked pending, until the gateway answers, because client arithmetic would get ladder
   * prices and full reductions wrong (notes: Hydrogen does the same). A failure rolls the change back, and the
   * error link shows why.
   */
  const withLines = (change: (line: CartLine) => CartLine) => ({ ...cart, lines: cart.lines.map(change) });
  const setSelected = (ids: string[], selected: boolean) =>
    select({
      variables: { ids, selected },
      optimisticResponse: {
        selectCartLines: {
          cart: withLines((line) => (ids.includes(line.id) && line.isAvailable ? { ...line, selected } : line)),
        },
      },
    }).catch(() => undefined);
  const setNumber = (id: string, number: number) =>
    update({
      variables: { id, number },
      optimisticResponse: {
        updateCartLine: { message: null, cart: withLines((line) => (line.id === id ? { ...line, number } : line)) },
      },
    }).catch(() => undefined);
  const removeLine = async (id: string, name: string) => {
    if (!window.confirm(`确定要删除“${name}”吗？`)) return;
    const result = await remove({ variables: { ids: [id] } }).catch(() => undefined);
    if (result?.data?.removeCartLines.message) toast(result.data.removeCartLines.message, 'success');
  };

  const tiers = [...cart.summary.fullReductionTiers, ...cart.summary.discountTiers];
  return (
    <>
      <div className={styles.toolbar}>
        <Checkbox
          label="全选"
          checked={allSelected ? true : selectable.some((line) => line.selected) ? 'mixed' : false}
          disabled={busy || selectable.length === 0}
          onChange={() =>
            void setSelected(
              selectable.map((line) => line.id),
              !allSelected,
            )
          }
        />
        <span>共 {cart.count} 种商品</span>
      </div>
      <ul className={styles.table} aria-label="购物车商品" style={{ listStyleType: 'none', margin: 0, padding: 0 }}>
        {cart.lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <Checkbox
              aria-label={`选择 ${line.goods.name}`}
              checked={line.selected}
              disabled={busy || !line.isAvailable}
              onChange={(_event, data) => void setSelected([line.id], data.checked === true)}
            />
            <GoodsImage src={line.goods.images[0]} alt={line.goods.name} />
            <div>
              <p className={styles.name}>{line.goods.name}</p>
              <p className={styles.meta}>
                {line.goods.spec ?? ''} · {line.goods.manufacturer}
              </p>
              {line.isAvailable ? null : <p className={styles.hint}>该商品暂不可购或已售罄</p>}
              {line.nextTierHint ? <p className={styles.hint}>{line.nextTierHint}</p> : null}
              {line.freeShippingHint ? <p className={styles.hint}>{line.freeShippingHint}</p> : null}
            </div>
            <span className={styles.price}>
              {formatPrice(line.price)}
              {line.goods.packingUnit ? `/${line.goods.packingUnit}` : ''}
            </span>
            <SpinButton
              className={styles.stepper}
              aria-label={`${line.goods.name} 数量`}
              min={1}
              max={Math.max(1, line.goods.stock)}
              value={line.number}
              disabled={busy}
              onChange={(_event, data) => {
                const next = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
                if (Number.isSafeInteger(next) && next >= 1 && next !== line.number) void setNumber(line.id, next);
              }}
            />
            <Button appearance="subtle" disabled={busy} onClick={() => void removeLine(line.id, line.goods.name)}>
              删除
            </Button>
          </li>
        ))}
      </ul>
      <div className={mergeClasses(styles.summary, busy && styles.pending)} aria-busy={busy}>
        <div className={styles.tiers}>
          {tiers.map((tier) => (
            <span key={tier.label}>
              {tier.label}：
              {tier.reached ? '已满足' : tier.shortfall ? `还差 ${formatPrice(tier.shortfall)}` : '未满足'}
            </span>
          ))}
          {cart.summary.freeShipping ? (
            <span>已包邮</span>
          ) : cart.summary.shippingShortfall ? (
            <span>再买 {formatPrice(cart.summary.shippingShortfall)} 即可包邮</span>
          ) : null}
        </div>
        <span>已选 {cart.summary.selectedCount} 种</span>
        <span>
          合计：<span className={styles.total}>{formatPrice(cart.summary.selectedTotal)}</span>
        </span>
      </div>
    </>
  );
}

/** /cart (cart_step1): the buyer's lines, selection, quantities and the totals the gateway computed. */
export default function CartPage() {
  const styles = useStyles();
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
