import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql } from '../../gql';
import type { LadderPriceTable_GoodsFragment } from '../../gql/graphql';
import { ladderQuantityLabels } from '../../shared/goods-detail';
import { Price } from '../../components/Price';

export const LadderPriceTableFragment = graphql(`
  fragment LadderPriceTable_goods on Goods {
    id
    packingUnit
    ladderPriceType
    ladderPrices {
      number
      price {
        ...Price_money
      }
    }
  }
`);

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, minWidth: '240px', justifySelf: 'start' },
  cell: { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 12px', textAlign: 'left' },
  head: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
});

/** Wholesale tiers, each with the quantities it holds for (CATALOG-04). */
export function LadderPriceTable({ goods }: { goods: LadderPriceTable_GoodsFragment }) {
  const styles = useStyles();
  if (goods.ladderPrices.length === 0) return null;
  const labels = ladderQuantityLabels(
    goods.ladderPriceType,
    goods.ladderPrices.map((tier) => tier.number),
    goods.packingUnit ?? '',
  );
  return (
    // COMPARE-05: a card's or row's 更多 leads here (#ladder), to every tier.
    <table id="ladder" className={styles.table}>
      <caption className="visually-hidden">阶梯价</caption>
      <thead>
        <tr>
          <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
            采购数量
          </th>
          <th scope="col" className={mergeClasses(styles.cell, styles.head)}>
            单价
          </th>
        </tr>
      </thead>
      <tbody>
        {goods.ladderPrices.map((tier, i) => (
          <tr key={tier.number}>
            <th scope="row" className={styles.cell}>
              {labels[i]}
            </th>
            <td className={styles.cell}>
              <Price money={tier.price} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
