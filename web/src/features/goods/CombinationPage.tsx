import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import { formatPrice } from '../../lib/money';
import { formatDateTime } from '../../lib/time';
import GoodsGrid from './GoodsGrid';

export const CombinationQuery = graphql(`
  query Combination($id: ID!) {
    combination(id: $id) {
      group {
        id
        kind
        name
        description
        setPrice {
          fen
          amount
        }
        originalPrice {
          fen
          amount
        }
        endsAt
      }
      giftGoods {
        id
        name
      }
      items {
        number
        price {
          fen
          amount
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
  text: { margin: 0, color: tokens.colorNeutralForeground2 },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  price: { color: '#cf2a30', fontWeight: tokens.fontWeightBold },
  sets: { margin: 0, paddingLeft: '20px', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** /zhmz/list?id=<group>: a combination group's offer and its goods, each bought at the goods' own page or card. */
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
            一组组合价 <span className={styles.price}>{formatPrice(group.setPrice)}</span>，原价{' '}
            {formatPrice(group.originalPrice)}
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
      </section>
      <GoodsGrid
        goods={combination.items.map((item) => item.goods)}
        label={`${group.name}的商品`}
        empty={<EmptyState title="该组合暂无商品" />}
      />
    </>
  );
}
