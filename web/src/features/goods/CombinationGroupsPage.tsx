import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { CombinationKind } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { formatDateTime } from '../../shared/time';
import { marketTokens } from '../../theme/theme';

export const CombinationGroupsQuery = graphql(`
  query CombinationGroups($kind: CombinationKind!) {
    combinationGroups(kind: $kind) {
      id
      name
      description
      goodsCount
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
  }
`);

const HEADINGS: Record<CombinationKind, string> = { FULL_GIFT: '组合满赠', BUNDLE: '组合购' };
/** Each kind's page leads to the other: neither has a place of its own in the nine header links. */
const OTHER_KIND: Record<CombinationKind, { to: string; label: string }> = {
  FULL_GIFT: { to: '/zhzq', label: '看看组合购 →' },
  BUNDLE: { to: '/zhmz', label: '看看组合满赠 →' },
};

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '4px 16px', marginBottom: '12px' },
  heading: { fontSize: tokens.fontSizeBase500, margin: 0 },
  other: { marginLeft: 'auto', color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: '12px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
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
  price: { color: marketTokens.colorPrice, fontWeight: tokens.fontWeightBold },
});

/** /zhmz (组合满赠) and /zhzq (组合购): the running groups of one kind, each opening its goods on /zhmz/list. */
export function CombinationGroupsPage({ kind }: { kind: CombinationKind }) {
  const styles = useStyles();
  const { data, loading, error } = useQuery(CombinationGroupsQuery, { variables: { kind } });
  const groups = data?.combinationGroups;
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.heading}>{HEADINGS[kind]}</h1>
        <Link className={styles.other} to={OTHER_KIND[kind].to}>
          {OTHER_KIND[kind].label}
        </Link>
      </div>
      {loading && !groups ? (
        <EmptyState title="活动加载中" />
      ) : !groups ? (
        <EmptyState title={error ? '活动暂时无法加载' : '暂无进行中的活动'}>请稍后刷新页面重试</EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState title="暂无进行中的活动">过几天再来看看</EmptyState>
      ) : (
        <ul className={styles.grid} aria-label={`${HEADINGS[kind]}活动`}>
          {groups.map((group) => (
            <li key={group.id}>
              <Link className={styles.card} to={`/zhmz/list?${new URLSearchParams({ id: group.id }).toString()}`}>
                <p className={styles.name}>{group.name}</p>
                <p className={styles.text}>{group.description}</p>
                <p className={styles.meta}>
                  共 {group.goodsCount} 种商品 ·{' '}
                  {group.setPrice ? (
                    <>
                      组合价 <span className={styles.price}>{formatPrice(group.setPrice)}</span>（原价{' '}
                      {formatPrice(group.originalPrice)}）
                    </>
                  ) : (
                    <>各一件合计 {formatPrice(group.originalPrice)}</>
                  )}
                </p>
                <p className={styles.meta}>{formatDateTime(group.endsAt)} 结束</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
