import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { OUT_OF_SCOPE_LABEL } from '@pharma/domain/business-scope';
import { graphql } from '../gql';
import type { GoodsAvailability_GoodsFragment } from '../gql/graphql';

export const GoodsAvailabilityFragment = graphql(`
  fragment GoodsAvailability_goods on Goods {
    stock
    isBuyable
    outOfScope
  }
`);

/**
 * A goods can be put in the cart now: the buyer may buy it, it lies within the buyer's business scope (SCOPE-02; a
 * visitor's is unknown) and some is in stock.
 */
export function isOrderable(goods: GoodsAvailability_GoodsFragment): boolean {
  return goods.isBuyable && goods.outOfScope !== true && goods.stock > 0;
}

const useStyles = makeStyles({
  stock: { color: tokens.colorNeutralForeground2 },
  soldOut: { color: tokens.colorPaletteRedForeground1 },
  // SCOPE-02: a tag, as the goods' own labels are drawn (GoodsTags), in the warning colour.
  scope: {
    display: 'inline-block',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    border: '1px solid currentColor',
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorPaletteDarkOrangeForeground1,
    whiteSpace: 'nowrap',
  },
});

/**
 * Whether a goods can be ordered now, as every list and the detail page say it: the tag 超出经营范围 when it lies
 * outside the buyer's business scope (SCOPE-02), 暂不可购 when it is not sold (or a controlled-sales goods), 已售罄
 * when out of stock, otherwise the stock when asked.
 */
export function GoodsAvailability({
  goods,
  wording = 'long',
  stock = 'none',
  controlled,
  className,
}: {
  goods: GoodsAvailability_GoodsFragment;
  /** long says why it cannot be bought (不在经营范围内); short fits a table cell or a price. */
  wording?: 'long' | 'short';
  /** What an orderable goods shows: nothing, the bare count, or 库存：N. */
  stock?: 'none' | 'count' | 'label';
  /** A controlled-sales goods says so instead of the business scope. */
  controlled?: boolean;
  className?: string;
}) {
  const styles = useStyles();
  if (goods.outOfScope === true) {
    return <span className={mergeClasses(styles.scope, className)}>{OUT_OF_SCOPE_LABEL}</span>;
  }
  if (isOrderable(goods)) {
    if (stock === 'none') return null;
    if (stock === 'count') return <>{goods.stock}</>;
    return <span className={mergeClasses(styles.stock, className)}>库存：{goods.stock}</span>;
  }
  const text = goods.isBuyable
    ? '已售罄'
    : controlled
      ? '控销商品，暂不可购'
      : wording === 'short'
        ? '暂不可购'
        : '暂不可购（不在经营范围内）';
  return <span className={mergeClasses(styles.soldOut, className)}>{text}</span>;
}
