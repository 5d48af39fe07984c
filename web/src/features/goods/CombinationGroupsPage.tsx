import { useQuery } from '@apollo/client/react';
import { CardGrid } from '../../components/CardGrid';
import { ListStates } from '../../components/ListStates';
import { PageHead } from '../../components/PageHead';
import { graphql } from '../../gql';
import type { CombinationKind } from '../../gql/graphql';
import { CombinationGroupCard } from './CombinationGroupCard';

export const CombinationGroupsQuery = graphql(`
  query CombinationGroups($kind: CombinationKind!) {
    combinationGroups(kind: $kind) {
      id
      ...CombinationGroupCard_group
    }
  }
`);

const HEADINGS: Record<CombinationKind, string> = { FULL_GIFT: '组合满赠', BUNDLE: '组合购' };
/** Each kind's page leads to the other: neither has a place of its own in the nine header links. */
const OTHER_KIND: Record<CombinationKind, { to: string; label: string }> = {
  FULL_GIFT: { to: '/zhzq', label: '看看组合购 →' },
  BUNDLE: { to: '/zhmz', label: '看看组合满赠 →' },
};

/** /zhmz (组合满赠) and /zhzq (组合购): the running groups of one kind, each opening its goods on /zhmz/list. */
export function CombinationGroupsPage({ kind }: { kind: CombinationKind }) {
  const { data, loading, error } = useQuery(CombinationGroupsQuery, { variables: { kind } });
  const groups = data?.combinationGroups;
  return (
    <>
      <PageHead title={HEADINGS[kind]} link={OTHER_KIND[kind]} />
      <ListStates
        list={groups ? { items: groups } : groups}
        loading={loading}
        error={error}
        loadingTitle="活动加载中"
        failedTitle="活动暂时无法加载"
        emptyTitle="暂无进行中的活动"
      >
        {({ items }) => (
          <CardGrid label={`${HEADINGS[kind]}活动`} minWidth={300}>
            {items.map((group) => (
              <li key={group.id}>
                <CombinationGroupCard group={group} />
              </li>
            ))}
          </CardGrid>
        )}
      </ListStates>
    </>
  );
}
