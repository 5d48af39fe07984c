import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Price } from '../../components/Price';
import { QuantityStepper } from '../../components/QuantityStepper';
import { graphql } from '../../gql';
import type { QuickPurchasePageQuery as QuickPurchaseData } from '../../gql/graphql';
import { CART_ADD_CONTEXT, useCartAdd } from '../../shared/cart-add';
import { clampQuantity } from '../../shared/quantity';
import { formatDateTime } from '../../shared/time';
import { RowGoods } from '../../shared/list-page/RowGoods';
import { useRowTableStyles } from '../../shared/list-page/row-table-styles';

export const QuickAddToCartMutation = graphql(`
  mutation QuickAddToCart($goodsId: ID!, $number: Int) {
    quickAddToCart(goodsId: $goodsId, number: $number) {
      message
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

type Item = QuickPurchaseData['quickPurchase']['items'][number];

const useStyles = makeStyles({
  // The cells stay table cells on a wide screen (a flex cell would leave the row's grid); their insides lay out.
  wide: { '@media (max-width: 720px)': { gridColumn: '1 / -1' } },
  goods: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    minWidth: '220px',
    '@media (max-width: 720px)': { minWidth: 0 },
  },
  reason: { color: tokens.colorPaletteRedForeground1 },
  action: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    justifyContent: 'flex-end',
    '@media (max-width: 720px)': { justifyContent: 'stretch' },
  },
  addButton: { whiteSpace: 'nowrap', '@media (max-width: 720px)': { flexGrow: 1 } },
});

/** QUICK-03, QUICK-04: the quantity (the last one bought, within stock) and 加入购物车, or why it cannot be bought. */
function AddCell({ item, nameId }: { item: Item; nameId: string }) {
  const styles = useStyles();
  const [number, setNumber] = useState(() => clampQuantity(item.lastQuantity, item.stock));
  const [mutate] = useMutation(QuickAddToCartMutation, { context: CART_ADD_CONTEXT });
  const { run, pending } = useCartAdd();
  if (!item.isBuyable) {
    return (
      <td className={styles.wide}>
        <div className={styles.action}>
          <span className={styles.reason}>{item.unavailableReason ?? '暂不可购买'}</span>
        </div>
      </td>
    );
  }
  return (
    <td className={styles.wide}>
      <div className={styles.action}>
        <QuantityStepper label={`${item.name} 采购数量`} value={number} stock={item.stock} onChange={setNumber} />
        <Button
          appearance="primary"
          className={styles.addButton}
          aria-describedby={nameId}
          disabled={pending}
          onClick={() =>
            void run(
              async () => (await mutate({ variables: { goodsId: item.id, number } })).data?.quickAddToCart.message,
            )
          }
        >
          加入购物车
        </Button>
      </div>
    </td>
  );
}

export function QuickBuyRow({ item }: { item: Item }) {
  const styles = useStyles();
  const rows = useRowTableStyles();
  const nameId = `kjcg-goods-${item.id}`;
  return (
    <tr data-testid="quick-buy-row">
      <td className={styles.wide}>
        <RowGoods goods={item} imageSize={56} nameId={nameId} className={styles.goods} />
      </td>
      <td>
        <span className={rows.label}>上次单价</span>
        <Price money={item.lastPrice} unit={item.packingUnit} />
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>上次数量</span>
        {item.lastQuantity}
        {item.packingUnit}
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>最近购买</span>
        <time dateTime={item.lastOrderedAt}>{formatDateTime(item.lastOrderedAt)}</time>
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>购买次数</span>
        {item.timesBought} 次
      </td>
      <td>
        <span className={rows.label}>今日价格</span>
        {item.price ? <Price money={item.price} unit={item.packingUnit} /> : '—'}
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>库存</span>
        {item.stock}
      </td>
      <AddCell item={item} nameId={nameId} />
    </tr>
  );
}
