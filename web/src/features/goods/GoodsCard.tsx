import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsImage } from '../../components/GoodsImage';
import { useGoodsCardStyles } from '../../components/goods-card-styles';
import { GoodsPrice } from '../../components/GoodsPrice';
import { GoodsSummary, goodsNameId } from '../../components/GoodsSummary';
import { GoodsTags } from '../../components/GoodsTags';
import { graphql } from '../../gql';
import type { GoodsCard_GoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { BuyControls } from './BuyControls';
import { PurchaserFacts } from './PurchaserFacts';

/**
 * The fields of the card's parts written out (GoodsPrice, GoodsSummary, GoodsAvailability, BuyControls) rather than
 * their fragments spread: the home route's Home query carries every fragment definition it spreads, and those
 * definitions cost the home route's budget (ADR 0302). The parts' props still type-check against these fields.
 */
export const GoodsCardFragment = graphql(`
  fragment GoodsCard_goods on Goods {
    id
    images
    packingUnit
    price {
      fen
      amount
    }
    shownPromotion: promotionPrice {
      label
      price {
        fen
        amount
      }
    }
    name
    spec
    manufacturer
    ...GoodsTags_goods
    stock
    isBuyable
    outOfScope
    expiryDate
    packQuantity
    unitPrice {
      label
    }
    ladderPriceType
    ladderPrices {
      number
      price {
        fen
        amount
      }
    }
  }
`);

const useStyles = makeStyles({
  card: {
    // SSR-03: a card off the screen costs no style, layout or paint until the buyer scrolls near it; it holds a
    // card's height meanwhile (then the height it last had), so the page neither jumps nor changes length.
    contentVisibility: 'auto',
    containIntrinsicHeight: 'auto 531px',
    '@media (max-width: 600px)': { containIntrinsicHeight: 'auto 470px' },
  },
  price: { margin: 0, fontSize: tokens.fontSizeBase500 },
  expiry: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1 },
});

/**
 * `showExpiry`: the near-expiry zone's cards say when the stock on sale expires (BATCH-05) beside the tags; every
 * card says it with the purchaser's facts (COMPARE-05).
 */
export function GoodsCard({ goods, showExpiry = false }: { goods: GoodsCard_GoodsFragment; showExpiry?: boolean }) {
  const styles = useStyles();
  const frame = useGoodsCardStyles();
  return (
    <article className={mergeClasses(frame.card, styles.card)} aria-labelledby={goodsNameId(goods)}>
      <Link to={goodsDetailPath(goods.id)} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={goods.images[0]} alt={goods.name} />
      </Link>
      <p className={styles.price}>
        <GoodsPrice goods={goods} unit="muted" />
      </p>
      <GoodsSummary goods={goods} layout="card">
        <div className={frame.tags}>
          <GoodsTags goods={goods} />
          {showExpiry && goods.expiryDate ? <span className={styles.expiry}>有效期至 {goods.expiryDate}</span> : null}
        </div>
      </GoodsSummary>
      <PurchaserFacts goods={goods} showExpiry={!showExpiry} />
      <GoodsAvailability goods={goods} stock="label" className={frame.availability} />
      <BuyControls goods={goods} layout="card" />
    </article>
  );
}
