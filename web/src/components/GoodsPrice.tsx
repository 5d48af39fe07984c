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
  }
`);

const useStyles = makeStyles({
  unit: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightRegular,
  },
});

/**
 * A goods' unit price for its packing unit: in a row the unit is part of the price ("¥12.50/盒"); on a card and the
 * detail page, where the price is large, the unit follows it in small grey text.
 */
export function GoodsPrice({
  goods,
  unit = 'inline',
  className,
}: {
  goods: GoodsPrice_GoodsFragment;
  unit?: 'inline' | 'muted' | 'none';
  className?: string;
}) {
  const styles = useStyles();
  if (unit !== 'muted') {
    return (
      <Price
        className={className}
        money={goods.price}
        unit={unit === 'inline' ? goods.packingUnit : null}
        size="strong"
      />
    );
  }
  return (
    <span>
      <Price className={className} money={goods.price} size="strong" />
      {goods.packingUnit ? <span className={styles.unit}>/{goods.packingUnit}</span> : null}
    </span>
  );
}
