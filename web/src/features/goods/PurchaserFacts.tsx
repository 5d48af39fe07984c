import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { PurchaserFacts_GoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { firstTiers, packQuantityLabel, stockState, type StockState } from './purchaser-facts';

/**
 * What a purchaser compares goods by (COMPARE-05); the card writes these fields out in its own fragment. The first
 * tiers shown here are those of the ladder the goods page shows in full, so the ladder is that table's selection.
 */
export const PurchaserFactsFragment = graphql(`
  fragment PurchaserFacts_goods on Goods {
    id
    name
    packingUnit
    stock
    expiryDate
    packQuantity
    unitPrice {
      label
    }
    ...LadderPriceTable_goods
  }
`);

const useStyles = makeStyles({
  facts: { display: 'grid', gap: '2px', margin: 0, fontSize: tokens.fontSizeBase200 },
  line: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  unitPrice: { color: tokens.colorPaletteRedForeground1 },
  有货: { color: tokens.colorPaletteGreenForeground1 },
  库存紧张: { color: tokens.colorPaletteDarkOrangeForeground1 },
  缺货: { color: tokens.colorPaletteRedForeground1 },
  // WCAG 2.2 target size: 比价 in a table's small type is two 12 px characters, a hair under 24 px wide.
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '24px',
    minWidth: '28px',
    // In a grid of facts (a card, a table cell) the link is as wide as its words, at the start of its line.
    justifySelf: 'start',
    color: tokens.colorBrandForeground1,
    ':hover': { textDecorationLine: 'underline' },
  },
});

/** COMPARE-06: the detail page's comparison, named after the goods so each card's link is told apart. */
export function CompareLink({ goods, className }: { goods: { id: string; name: string }; className?: string }) {
  const styles = useStyles();
  return (
    <Link
      className={mergeClasses(styles.link, className)}
      to={`${goodsDetailPath(goods.id)}#compare`}
      aria-label={`比价：${goods.name}的同品种`}
    >
      比价
    </Link>
  );
}

/** COMPARE-05: a card's or row's 更多 after its first tiers, to every tier on the detail page. */
export function MoreTiersLink({ goods, className }: { goods: { id: string; name: string }; className?: string }) {
  const styles = useStyles();
  return (
    <Link
      className={mergeClasses(styles.link, className)}
      to={`${goodsDetailPath(goods.id)}#ladder`}
      aria-label={`更多阶梯价：${goods.name}`}
    >
      更多
    </Link>
  );
}

/** The stock state in its colour (COMPARE-05). */
export function StockStateText({ stock }: { stock: number }) {
  const styles = useStyles();
  const state: StockState = stockState(stock);
  return <span className={styles[state]}>{state}</span>;
}

/**
 * A card's purchaser facts (COMPARE-05): the first ladder tiers as ranges then 更多, the price of one unit, the pack
 * quantity, the stock state, the nearest expiry, and the 比价 link.
 */
export function PurchaserFacts({
  goods,
  showExpiry = true,
}: {
  goods: PurchaserFacts_GoodsFragment;
  /** False where the card already says the expiry beside its tags (the near-expiry zone, BATCH-05). */
  showExpiry?: boolean;
}) {
  const styles = useStyles();
  const unit = goods.packingUnit ?? '';
  const tiers = firstTiers(goods.ladderPriceType, goods.ladderPrices, unit);
  const pack = packQuantityLabel(goods.packQuantity, goods.packingUnit);
  return (
    <div className={styles.facts}>
      {tiers.lines.length > 0 ? (
        <p className={mergeClasses(styles.line, styles.facts)}>
          {tiers.lines.map((line) => (
            <span key={line.quantities}>
              {line.quantities} ¥{line.amount}
            </span>
          ))}
          {tiers.more ? <MoreTiersLink goods={goods} /> : null}
        </p>
      ) : null}
      <p className={mergeClasses(styles.line, styles.facts)}>
        {goods.unitPrice ? <span className={styles.unitPrice}>{goods.unitPrice.label}</span> : null}
        {pack ? <span className={styles.muted}>件装量 {pack}</span> : null}
      </p>
      <p className={mergeClasses(styles.line, styles.facts)}>
        <StockStateText stock={goods.stock} />
        {showExpiry && goods.expiryDate ? <span className={styles.muted}>有效期至 {goods.expiryDate}</span> : null}
        <CompareLink goods={goods} />
      </p>
    </div>
  );
}
