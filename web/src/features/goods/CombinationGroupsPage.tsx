import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { ListStates } from '../../components/ListStates';
import { PageHead } from '../../components/PageHead';
import { graphql } from '../../gql';
import type { CombinationKind } from '../../gql/graphql';
import { formatDateTime } from '../../shared/time';
import { CombinationPrice } from './CombinationPrice';

export const CombinationGroupsQuery = graphql(`
  query CombinationGroups($kind: CombinationKind!) {
    combinationGroups(kind: $kind) {
      id
      name
      description
      goodsCount
      ...CombinationPrice_group
      endsAt
    }
  }
`);

const HEADINGS: Record<CombinationKind, string> = { FULL_GIFT: '组合满赠', BUNDLE: '组合购' };
/** Each kind's page leads to the other: neither has a place of its own in the nine header links. */
const OTHER_KIND: Record<CombinationKind, { to: string; label: string }> = {
  FULL_GIFT: { to: '/zhzq', label: '看看组合购 →' },
  BUNDLE: { to: '/zhmz', label: '看看组合满赠 →' },
};

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gap: '6px',
    padding: '14px 16px',
    color: 'inherit',
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `4px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, color: tokens.colorNeutralForeground2 },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** /zhmz (组合满赠) and /zhzq (组合购): the running groups of one kind, each opening its goods on /zhmz/list. */
export function CombinationGroupsPage({ kind }: { kind: CombinationKind }) {
  const styles = useStyles();
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
                <Link className={styles.card} to={`/zhmz/list?${new URLSearchParams({ id: group.id }).toString()}`}>
                  <p className={styles.name}>{group.name}</p>
                  <p className={styles.text}>{group.description}</p>
                  <p className={styles.meta}>
                    共 {group.goodsCount} 种商品 · <CombinationPrice group={group} place="list" />
                  </p>
                  <p className={styles.meta}>{formatDateTime(group.endsAt)} 结束</p>
                </Link>
              </li>
            ))}
          </CardGrid>
        )}
      </ListStates>
    </>
  );
}
