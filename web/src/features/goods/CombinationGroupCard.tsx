import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { CombinationGroupCard_GroupFragment } from '../../gql/graphql';
import { formatDateTime } from '../../shared/time';
import { CombinationPrice } from './CombinationPrice';

/** Fields in the order the card shows them. */
export const CombinationGroupCardFragment = graphql(`
  fragment CombinationGroupCard_group on CombinationGroup {
    id
    name
    description
    goodsCount
    ...CombinationPrice_group
    endsAt
  }
`);

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

/** A combination group of /zhmz or /zhzq: its name, offer, goods count and price, leading to its goods. */
export function CombinationGroupCard({ group }: { group: CombinationGroupCard_GroupFragment }) {
  const styles = useStyles();
  return (
    <Link className={styles.card} to={`/zhmz/list?${new URLSearchParams({ id: group.id }).toString()}`}>
      <p className={styles.name}>{group.name}</p>
      <p className={styles.text}>{group.description}</p>
      <p className={styles.meta}>
        共 {group.goodsCount} 种商品 · <CombinationPrice group={group} place="list" />
      </p>
      <p className={styles.meta}>{formatDateTime(group.endsAt)} 结束</p>
    </Link>
  );
}
