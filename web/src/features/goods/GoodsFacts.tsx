import { makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, type ReactNode } from 'react';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { graphql } from '../../gql';
import type { GoodsFacts_GoodsFragment } from '../../gql/graphql';

export const GoodsFactsFragment = graphql(`
  fragment GoodsFacts_goods on Goods {
    spec
    manufacturer
    approvalNumber
    packingUnit
    expiryDate
    freeShippingQuantity
    isControlledSales
    ...GoodsAvailability_goods
  }
`);

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalL}`,
    margin: 0,
    fontSize: tokens.fontSizeBase300,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** The detail page's facts a buyer checks before ordering: spec, maker, approval number, unit, expiry, stock. */
export function GoodsFacts({ goods }: { goods: GoodsFacts_GoodsFragment }) {
  const styles = useStyles();
  const unit = goods.packingUnit ?? '';
  const facts: [string, ReactNode][] = [
    ['规格', goods.spec ?? '—'],
    ['生产厂家', goods.manufacturer],
    ['批准文号', goods.approvalNumber ?? '—'],
    ['包装单位', unit || '—'],
  ];
  if (goods.expiryDate) facts.push(['有效期至', goods.expiryDate]);
  facts.push(['库存', <GoodsAvailability goods={goods} stock="count" controlled={goods.isControlledSales} />]);
  if (goods.freeShippingQuantity !== null && goods.freeShippingQuantity !== undefined) {
    facts.push(['单品包邮', `满 ${goods.freeShippingQuantity}${unit} 包邮`]);
  }
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
