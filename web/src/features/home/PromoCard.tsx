import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { Price_MoneyFragment, PromoCard_GoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { Price } from '../../components/Price';

export const PromoCardFragment = graphql(`
  fragment PromoCard_goods on Goods {
    id
    name
    spec
    packingUnit
    images
    price {
      fen
      amount
    }
  }
`);

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    alignContent: 'start',
    padding: '10px',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  link: { display: 'grid', gap: '4px', minWidth: 0, color: 'inherit', textDecorationLine: 'none' },
  name: {
    margin: 0,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  prices: { display: 'flex', gap: '8px', alignItems: 'baseline', flexWrap: 'wrap' },
  promo: { fontSize: tokens.fontSizeBase400 },
  was: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * A home promotion's goods: the promotion price beside the usual one; the card but its `actions` opens the goods'
 * detail. The actions (a group buy's quantity and 参团) sit inside the card's frame, under the link, since a control
 * cannot be part of a link.
 */
export function PromoCard({
  goods,
  promoPrice,
  badge,
  goodsPriceId,
  actions,
}: {
  goods: PromoCard_GoodsFragment;
  promoPrice: Price_MoneyFragment;
  badge?: ReactNode;
  /** The seckill the price is of: the detail page it leads to prices and adds by it (PRICE-10). */
  goodsPriceId?: string;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  const to =
    goodsPriceId === undefined
      ? goodsDetailPath(goods.id)
      : `${goodsDetailPath(goods.id)}?goods_price_id=${encodeURIComponent(goodsPriceId)}`;
  return (
    <div className={styles.card}>
      <Link className={styles.link} to={to}>
        <GoodsImage src={goods.images[0]} alt={goods.name} />
        <p className={styles.name} title={goods.name}>
          {goods.name}
        </p>
        <p className={styles.meta}>{goods.spec ?? '—'}</p>
        <span className={styles.prices}>
          <span>
            <Price className={styles.promo} money={promoPrice} size="strong" />
            {goods.packingUnit ? <span className={styles.was}>/{goods.packingUnit}</span> : null}
          </span>
          <s className={styles.was}>
            <Price className={styles.was} money={goods.price} />
          </s>
        </span>
        {badge}
      </Link>
      {actions}
    </div>
  );
}
