import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from '../gql';
import type { GoodsPrice_GoodsFragment } from '../gql/graphql';
import { Price } from './Price';

export const GoodsPriceFragment = graphql(`
  fragment GoodsPrice_goods on Goods {
    packingUnit
    price {
      ...Price_money
    }
    shownPromotion: promotionPrice {
      label
      price {
        ...Price_money
      }
    }
  }
`);

const useStyles = makeStyles({
  unit: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightRegular,
  },
  promotion: {
    marginLeft: '4px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightRegular,
    whiteSpace: 'nowrap',
  },
});

/**
 * A goods' unit price for its packing unit: in a row the unit is part of the price ("¥12.50/盒"); on a card and the
 * detail page, where the price is large, the unit follows it in small grey text. A running discount's price is the
 * price shown, with its label (PRICE-10): it is what one unit added from here is charged. `listPrice` shows the
 * goods' own price instead (the struck price beside a promotion's).
 */
export function GoodsPrice({
  goods,
  unit = 'inline',
  className,
  listPrice = false,
}: {
  goods: GoodsPrice_GoodsFragment;
  unit?: 'inline' | 'muted' | 'none';
  className?: string;
  listPrice?: boolean;
}) {
  const styles = useStyles();
  const promotion = listPrice ? null : goods.shownPromotion;
  const money = promotion ? promotion.price : goods.price;
  const label = promotion ? <span className={styles.promotion}>{promotion.label}</span> : null;
  if (unit !== 'muted') {
    return (
      <span>
        <Price className={className} money={money} unit={unit === 'inline' ? goods.packingUnit : null} size="strong" />
        {label}
      </span>
    );
  }
  return (
    <span>
      <Price className={className} money={money} size="strong" />
      {goods.packingUnit ? <span className={styles.unit}>/{goods.packingUnit}</span> : null}
      {label}
    </span>
  );
}
