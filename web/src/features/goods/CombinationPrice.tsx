import { makeStyles, tokens } from '@fluentui/react-components';
import { Price } from '../../components/Price';
import { graphql } from '../../gql';
import type { CombinationPrice_GroupFragment } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';

export const CombinationPriceFragment = graphql(`
  fragment CombinationPrice_group on CombinationGroup {
    setPrice {
      ...Price_money
    }
    originalPrice {
      ...Price_money
    }
  }
`);

const useStyles = makeStyles({
  price: { fontWeight: tokens.fontWeightBold },
});

/**
 * What a combination costs (CART-18): a bundle's set price against the goods' own prices; a group without a set
 * price (满赠) says what one of each costs in the list, and nothing on its own page.
 */
export function CombinationPrice({ group, place }: { group: CombinationPrice_GroupFragment; place: 'list' | 'page' }) {
  const styles = useStyles();
  if (!group.setPrice) return place === 'list' ? <>各一件合计 {formatPrice(group.originalPrice)}</> : null;
  const setPrice = <Price className={styles.price} money={group.setPrice} />;
  return place === 'list' ? (
    <>
      组合价 {setPrice}（原价 {formatPrice(group.originalPrice)}）
    </>
  ) : (
    <>
      一组组合价 {setPrice}，原价 {formatPrice(group.originalPrice)}
    </>
  );
}
