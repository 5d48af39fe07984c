import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import { useCartAdd } from '../../shared/cart-add';
import { formatPrice } from '../../shared/money';
import { formatDateTime } from '../../shared/time';
import GoodsGrid from './GoodsGrid';
import { QuantityStepper } from '../../components/QuantityStepper';
import { CombinationPrice } from './CombinationPrice';

export const CombinationQuery = graphql(`
  query Combination($id: ID!) {
    combination(id: $id) {
      group {
        id
        kind
        name
        description
        ...CombinationPrice_group
        endsAt
      }
      setsInStock
      giftGoods {
        id
        name
      }
      items {
        number
        price {
          ...Price_money
        }
        goods {
          id
          name
          ...GoodsCard_goods
        }
      }
    }
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
    gap: '4px',
    padding: '12px 16px',
    marginBottom: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { fontSize: tokens.fontSizeBase500, margin: 0 },
  subheading: { fontSize: tokens.fontSizeBase400, margin: '0 0 8px' },
  text: { margin: 0, color: tokens.colorNeutralForeground2 },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  sets: { margin: 0, paddingLeft: '20px', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  buy: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', marginTop: '4px' },
  stepper: { width: '96px' },
});

/** The sets stepper and 加入购物车 of a bundle: the set goes into the cart as one line. */
function AddSet({ combinationId, name, setsInStock }: { combinationId: string; name: string; setsInStock: number }) {
  const styles = useStyles();
  const [sets, setSets] = useState(1);
  const [mutate] = useMutation(AddCombinationToCartMutation);
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
 * /zhmz/list?id=<group>: a combination group's offer and its goods. A bundle (组合购, linked from /zhzq) is bought
 * here as sets; a full-gift group's goods are bought one by one at their own page or card.
 */
export default function CombinationPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const { data, loading, error } = useQuery(CombinationQuery, { variables: { id }, skip: id === '' });
  const combination = data?.combination;
  if (!combination) {
    if (loading) return <EmptyState title="活动加载中" />;
    return (
      <EmptyState title={error ? '活动暂时无法加载' : '活动不存在或已结束'}>
        <Link to="/zhmz">看看其他组合活动</Link>
      </EmptyState>
    );
  }
  const { group } = combination;
  return (
    <>
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
      <h2 className={styles.subheading}>{group.kind === 'BUNDLE' ? '组合内商品' : '参与满赠的商品'}</h2>
      <GoodsGrid
        goods={combination.items.map((item) => item.goods)}
        label={`${group.name}的商品`}
        empty={<EmptyState title="该组合暂无商品" />}
      />
    </>
  );
}
