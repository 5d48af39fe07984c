import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { StepIndicator } from '../../components/StepIndicator';
import { graphql } from '../../gql';
import { CART_STEPS } from '../../shared/cart-steps';
import { preloadForMember } from '../../shared/preload';
import { preloadCartCoupons } from './CartCoupons';
import { CartLines } from './CartLines';
import { selectAllState } from './cart-optimistic';

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
      ...CartViews_cart
    }
  }
`);

/** Route loader: the buyer's cart, then the coupons of its selected lines, which the summary bar shows (CART-26). */
export function preload(client: ApolloClient): Promise<null> {
  return preloadForMember(client, () => [
    client.query({ query: CartPageQuery, fetchPolicy: 'network-only' }).then(({ data }) => {
      const lineIds = data ? selectAllState(data.cart.lines).selectedIds : [];
      return lineIds.length > 0 ? preloadCartCoupons(client, lineIds) : null;
    }),
  ]);
}

const useStyles = makeStyles({
  steps: { marginBottom: tokens.spacingVerticalM },
});

/** /cart (cart_step1): the buyer's lines, selection, quantities and the totals the gateway computed. */
export default function CartPage() {
  const styles = useStyles();
  // Cart contents are always fresh (notes): the cache shows at once, the network answer replaces it.
  const { data, loading } = useQuery(CartPageQuery, {
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  return (
    <>
      <StepIndicator labels={CART_STEPS} current={1} className={styles.steps} />
      <SectionHeading>我的购物车</SectionHeading>
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
