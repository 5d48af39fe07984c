import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { MissingState } from '../../components/MissingState';
import { graphql } from '../../gql';
import { preloadAll } from '../../shared/preload';
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

/** The group the address names (`?id=4`), '' for none: the loader and the page ask for the same. */
function idOf(params: URLSearchParams): string {
  return params.get('id')?.trim() ?? '';
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  const id = idOf(params);
  return preloadAll(id === '' ? null : client.query({ query: CombinationQuery, variables: { id } }));
}

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
  const id = idOf(params);
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
