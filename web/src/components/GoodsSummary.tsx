import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { graphql } from '../gql';
import type { GoodsSummary_GoodsFragment } from '../gql/graphql';
import { goodsDetailPath } from '../shared/goods-detail';

export const GoodsSummaryFragment = graphql(`
  fragment GoodsSummary_goods on Goods {
    id
    name
    spec
    manufacturer
  }
`);

const useStyles = makeStyles({
  name: { color: 'inherit', fontWeight: tokens.fontWeightSemibold, ':hover': { color: tokens.colorBrandForeground1 } },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  clip: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * A goods in a list row: its name linking to the detail page, then its spec (and maker) in small grey text. The
 * table passes `meta="none"`, having a column for each.
 */
export function GoodsSummary({
  goods,
  meta = 'spec',
  children,
}: {
  goods: GoodsSummary_GoodsFragment;
  meta?: 'none' | 'spec' | 'spec-maker';
  /** Shown after the name (tags) or under the meta line (a sold-out note). */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const name = (
    <Link className={styles.name} to={goodsDetailPath(goods.id)}>
      {goods.name}
    </Link>
  );
  if (meta === 'none') {
    return (
      <span>
        {name}
        {children}
      </span>
    );
  }
  return (
    <div>
      {name}
      <p className={mergeClasses(styles.meta, meta === 'spec' && styles.clip)}>
        {goods.spec ?? '—'}
        {meta === 'spec-maker' ? ` · ${goods.manufacturer}` : null}
      </p>
      {children}
    </div>
  );
}
