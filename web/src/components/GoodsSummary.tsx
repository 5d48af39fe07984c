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
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  headingLink: { textDecorationLine: 'none' },
  // A row's name is its one link: 24 px tall at least (SHELL-23, WCAG 2.2 2.5.8), however tight the rows are set.
  target: { display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  clip: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** The id of a card's name, which names the card (`aria-labelledby`). */
export function goodsNameId(goods: { id: string }): string {
  return `goods-${goods.id}-name`;
}

/**
 * A goods as lists show it: its name linking to the detail page, then its spec and maker in small grey text.
 * - `card`: the name as the card's heading, `children` (the tags) under it, then 规格 and 厂家 on a line each;
 * - `row`: the name, then "spec · maker", then `children` (a sold-out note);
 * - `columns`: the name over its spec, and the maker as the row's next column;
 * - `name`: the name alone, `children` (the tags) beside it, for a table with a column for each fact.
 */
export function GoodsSummary({
  goods,
  layout,
  children,
}: {
  goods: GoodsSummary_GoodsFragment;
  layout: 'card' | 'row' | 'columns' | 'name';
  children?: ReactNode;
}) {
  const styles = useStyles();
  const to = goodsDetailPath(goods.id);
  const spec = goods.spec ?? '—';
  switch (layout) {
    case 'card':
      return (
        <>
          <h3 className={styles.heading} id={goodsNameId(goods)} title={goods.name}>
            <Link className={mergeClasses(styles.name, styles.headingLink)} to={to}>
              {goods.name}
            </Link>
          </h3>
          {children}
          <p className={mergeClasses(styles.meta, styles.clip)} title={goods.spec ?? undefined}>
            规格：{spec}
          </p>
          <p className={mergeClasses(styles.meta, styles.clip)} title={goods.manufacturer}>
            厂家：{goods.manufacturer}
          </p>
        </>
      );
    case 'row':
      return (
        <div>
          <Link className={mergeClasses(styles.name, styles.target)} to={to}>
            {goods.name}
          </Link>
          <p className={styles.meta}>
            {spec} · {goods.manufacturer}
          </p>
          {children}
        </div>
      );
    case 'columns':
      return (
        <>
          <div>
            <Link className={mergeClasses(styles.name, styles.target)} to={to}>
              {goods.name}
            </Link>
            <p className={mergeClasses(styles.meta, styles.clip)}>{spec}</p>
          </div>
          <p className={mergeClasses(styles.meta, styles.clip)} title={goods.manufacturer}>
            {goods.manufacturer}
          </p>
        </>
      );
    case 'name':
      return (
        <span>
          <Link className={mergeClasses(styles.name, styles.target)} to={to}>
            {goods.name}
          </Link>
          {children}
        </span>
      );
  }
}
