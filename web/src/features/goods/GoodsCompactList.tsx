import { makeStyles, tokens } from '@fluentui/react-components';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsPrice } from '../../components/GoodsPrice';
import { GoodsSummary } from '../../components/GoodsSummary';
import { RowList } from '../../components/RowList';
import { graphql } from '../../gql';
import type { GoodsCompactList_GoodsFragment } from '../../gql/graphql';
import { BuyControls } from './BuyControls';
import { CompareLink } from './PurchaserFacts';

/** Fields in the order a row shows them. */
export const GoodsCompactListFragment = graphql(`
  fragment GoodsCompactList_goods on Goods {
    ...GoodsSummary_goods
    ...GoodsPrice_goods
    ...GoodsAvailability_goods
    ...BuyControls_goods
  }
`);

const useStyles = makeStyles({
  row: {
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1.5fr) 110px auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '6px 12px' },
  },
  price: { whiteSpace: 'nowrap' },
  soldOut: { fontSize: tokens.fontSizeBase200 },
});

/** /list/no_image: compact rows without pictures, for buyers who know what they order. */
export function GoodsCompactList({
  goods,
  label,
}: {
  goods: readonly GoodsCompactList_GoodsFragment[];
  label: string;
}) {
  const styles = useStyles();
  return (
    <RowList
      label={label}
      rowClassName={styles.row}
      items={goods}
      render={(item) => (
        <>
          <GoodsSummary goods={item} layout="columns" />
          <span className={styles.price}>
            <GoodsPrice goods={item} /> <GoodsAvailability goods={item} wording="short" className={styles.soldOut} />
          </span>
          <BuyControls goods={item}>
            <CompareLink goods={item} />
          </BuyControls>
        </>
      )}
    />
  );
}
