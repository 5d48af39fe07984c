import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { QuantityStepper } from '../../components/QuantityStepper';
import { graphql } from '../../gql';
import type { CombinationHead_CombinationFragment } from '../../gql/graphql';
import { CART_ADD_CONTEXT, useCartAdd } from '../../shared/cart-add';
import { formatPrice } from '../../shared/money';
import { formatDateTime } from '../../shared/time';
import { CombinationPrice } from './CombinationPrice';

/** Fields in the order the head shows them. */
export const CombinationHeadFragment = graphql(`
  fragment CombinationHead_combination on Combination {
    group {
      id
      kind
      name
      description
      ...CombinationPrice_group
      endsAt
    }
    items {
      number
      price {
        ...Price_money
      }
      goods {
        id
        name
      }
    }
    giftGoods {
      id
      name
    }
    setsInStock
  }
`);

/** A set is one cart line; the answer carries the badge's and the panel's fragments, so both update with no refetch. */
export const AddCombinationToCartMutation = graphql(`
  mutation AddCombinationToCart($combinationId: ID!, $sets: Int!) {
    addCombinationToCart(combinationId: $combinationId, sets: $sets) {
      message
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

const useStyles = makeStyles({
  head: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { fontSize: tokens.fontSizeBase500, margin: 0 },
  text: { margin: 0, color: tokens.colorNeutralForeground2 },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  sets: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  buy: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalXS,
  },
  stepper: { width: '96px' },
});

/** The sets stepper and 加入购物车 of a bundle: the set goes into the cart as one line. */
function AddSet({ combinationId, name, setsInStock }: { combinationId: string; name: string; setsInStock: number }) {
  const styles = useStyles();
  const [sets, setSets] = useState(1);
  const [mutate] = useMutation(AddCombinationToCartMutation, { context: CART_ADD_CONTEXT });
  const { run, pending } = useCartAdd();
  const soldOut = setsInStock < 1;
  return (
    <div className={styles.buy}>
      <QuantityStepper
        className={styles.stepper}
        label={`${name} 组数`}
        value={sets}
        stock={setsInStock}
        disabled={soldOut}
        onChange={setSets}
      />
      <span>组</span>
      <Button
        appearance="primary"
        disabled={soldOut || pending}
        onClick={() =>
          void run(
            async () => (await mutate({ variables: { combinationId, sets } })).data?.addCombinationToCart.message,
          )
        }
      >
        加入购物车
      </Button>
      {soldOut ? <span className={styles.meta}>库存不足，暂不可购买</span> : null}
    </div>
  );
}

/**
 * A combination's offer: its name, description and price, what a set holds (a bundle) or the gift (满赠), when it
 * ends, and for a bundle the sets stepper and 加入购物车.
 */
export function CombinationHead({ combination }: { combination: CombinationHead_CombinationFragment }) {
  const styles = useStyles();
  const { group } = combination;
  return (
    <section className={styles.head} aria-labelledby="combination-heading">
      <h1 className={styles.heading} id="combination-heading">
        {group.name}
      </h1>
      <p className={styles.text}>{group.description}</p>
      {group.setPrice ? (
        <p className={styles.meta}>
          <CombinationPrice group={group} place="page" />
        </p>
      ) : null}
      {group.kind === 'BUNDLE' ? (
        <ul className={styles.sets} aria-label="每组包含">
          {combination.items.map((item) => (
            <li key={item.goods.id}>
              {item.goods.name} × {item.number}
              {item.price ? `，组合单价 ${formatPrice(item.price)}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {combination.giftGoods ? <p className={styles.meta}>赠品：{combination.giftGoods.name}</p> : null}
      <p className={styles.meta}>{formatDateTime(group.endsAt)} 结束</p>
      {group.kind === 'BUNDLE' ? (
        <AddSet combinationId={group.id} name={group.name} setsInStock={combination.setsInStock} />
      ) : null}
    </section>
  );
}
