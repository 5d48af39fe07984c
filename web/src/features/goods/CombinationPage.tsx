import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { MissingState } from '../../components/MissingState';
import { graphql } from '../../gql';
import { CombinationHead } from './CombinationHead';
import GoodsGrid from './GoodsGrid';

export const CombinationQuery = graphql(`
  query Combination($id: ID!) {
    combination(id: $id) {
      ...CombinationHead_combination
      group {
        id
        kind
        name
      }
      items {
        goods {
          id
          ...GoodsCard_goods
        }
      }
    }
  }
`);

const useStyles = makeStyles({
  subheading: { fontSize: tokens.fontSizeBase400, margin: `0 0 ${tokens.spacingVerticalS}` },
});

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
    return (
      <MissingState
        what="活动"
        loading={loading}
        failed={Boolean(error)}
        missingTitle="活动不存在或已结束"
        link={{ to: '/zhmz', label: '看看其他组合活动' }}
      />
    );
  }
  const { group } = combination;
  return (
    <>
      <CombinationHead combination={combination} />
      <h2 className={styles.subheading}>{group.kind === 'BUNDLE' ? '组合内商品' : '参与满赠的商品'}</h2>
      <GoodsGrid
        goods={combination.items.map((item) => item.goods)}
        label={`${group.name}的商品`}
        empty={<EmptyState title="该组合暂无商品" />}
      />
    </>
  );
}
