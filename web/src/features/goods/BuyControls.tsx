import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId, useState, type ReactNode } from 'react';
import { outOfScopeText } from '@pharma/domain/business-scope';
import { isOrderable } from '../../components/GoodsAvailability';
import { QuantityStepper } from '../../components/QuantityStepper';
import { graphql } from '../../gql';
import type { BuyControls_GoodsFragment, CartLineInput } from '../../gql/graphql';
import { useAddToCart } from '../../shared/add-to-cart';

export const BuyControlsFragment = graphql(`
  fragment BuyControls_goods on Goods {
    id
    name
    ...GoodsAvailability_goods
  }
`);

const useStyles = makeStyles({
  controls: { display: 'flex', gap: tokens.spacingHorizontalSNudge, alignItems: 'center' },
  card: { flexWrap: 'wrap' },
  cardAdd: { flexGrow: 1, minWidth: '88px' },
  page: { gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  pageStepper: { width: '120px' },
  pageAdd: { minWidth: '160px' },
  hidden: { display: 'none' },
});

/** What the stepper starts at; the goods page's loader fetches the price hint for it (CART-25). */
export const FIRST_QUANTITY = 1;

/**
 * The quantity stepper and 加入购物车 of one goods: in a row and on a card the stepper is named after the goods so
 * each one's controls are told apart; on the goods' own page it is just 采购数量 and the button is large.
 */
export function BuyControls({
  goods,
  layout = 'row',
  extras,
  children,
  renderHint,
}: {
  goods: BuyControls_GoodsFragment;
  layout?: 'row' | 'card' | 'page';
  /** The price entries a detail link named (CATALOG-07). */
  extras?: Omit<CartLineInput, 'goodsId' | 'number'>;
  /** Further actions on the same line (the detail page's favourite button). */
  children?: ReactNode;
  /** Shown under the controls for the chosen quantity (the detail page's next-tier hint, CART-25). */
  renderHint?: (quantity: number) => ReactNode;
}) {
  const styles = useStyles();
  const [quantity, setQuantity] = useState(FIRST_QUANTITY);
  const { add, pending } = useAddToCart();
  const canBuy = isOrderable(goods);
  // SCOPE-02: the button says why it is off; the tag beside the goods says 超出经营范围.
  const reasonId = useId();
  const outOfScope = goods.outOfScope === true;
  return (
    <div className={mergeClasses(styles.controls, layout === 'card' && styles.card, layout === 'page' && styles.page)}>
      <QuantityStepper
        className={layout === 'page' ? styles.pageStepper : undefined}
        label={layout === 'page' ? '采购数量' : `${goods.name} 采购数量`}
        value={quantity}
        stock={goods.stock}
        disabled={!canBuy}
        onChange={setQuantity}
      />
      <Button
        className={layout === 'card' ? styles.cardAdd : layout === 'page' ? styles.pageAdd : undefined}
        appearance="primary"
        size={layout === 'page' ? 'large' : undefined}
        disabled={!canBuy || pending}
        aria-describedby={outOfScope ? reasonId : undefined}
        onClick={() => void add(goods.id, quantity, extras)}
      >
        加入购物车
      </Button>
      {outOfScope ? (
        <span id={reasonId} className={styles.hidden}>
          {outOfScopeText()}
        </span>
      ) : null}
      {children}
      {renderHint?.(quantity)}
    </div>
  );
}
