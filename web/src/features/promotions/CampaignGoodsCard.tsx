import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { GoodsAvailability, isOrderable } from '../../components/GoodsAvailability';
import { GoodsImage } from '../../components/GoodsImage';
import { useGoodsCardStyles } from '../../components/goods-card-styles';
import { GoodsSummary, goodsNameId } from '../../components/GoodsSummary';
import { GoodsTags } from '../../components/GoodsTags';
import { Price } from '../../components/Price';
import { QuantityStepper } from '../../components/QuantityStepper';
import { graphql } from '../../gql';
import type { CampaignGoodsCard_CampaignGoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { useAddToCart } from '../../shared/add-to-cart';

export const CampaignGoodsCardFragment = graphql(`
  fragment CampaignGoodsCard_campaignGoods on CampaignGoods {
    campaignPrice {
      ...Price_money
    }
    goods {
      id
      name
      images
      packingUnit
      price {
        ...Price_money
      }
      ...GoodsSummary_goods
      ...GoodsTags_goods
      ...GoodsAvailability_goods
    }
  }
`);

const useStyles = makeStyles({
  prices: { margin: 0, display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', flexWrap: 'wrap' },
  was: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalSNudge, alignItems: 'center' },
  add: { flexGrow: 1, minWidth: '88px' },
});

/**
 * A campaign's goods: its campaign price beside its own (struck out) when the campaign sells it cheaper, and the
 * quantity and 加入购物车 that put it in the cart at that price (the line names `campaignId`).
 */
export function CampaignGoodsCard({
  item,
  campaignId,
}: {
  item: CampaignGoodsCard_CampaignGoodsFragment;
  /** The campaign whose price the cart charges; none for campaigns that sell at the goods' own price. */
  campaignId?: string;
}) {
  const styles = useStyles();
  const frame = useGoodsCardStyles();
  const { goods, campaignPrice } = item;
  const [quantity, setQuantity] = useState(1);
  const { add, pending } = useAddToCart();
  const canBuy = isOrderable(goods);
  // The campaign price is shown only where the cart will charge it.
  const priced = campaignPrice && campaignId ? campaignId : undefined;
  const shownPrice = priced ? campaignPrice : null;
  const detail = priced
    ? `${goodsDetailPath(goods.id)}?goods_price_id=${encodeURIComponent(priced)}`
    : goodsDetailPath(goods.id);
  return (
    <article className={frame.card} aria-labelledby={goodsNameId(goods)}>
      <Link to={detail} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={goods.images[0]} alt={goods.name} />
      </Link>
      <p className={styles.prices}>
        <Price money={shownPrice ?? goods.price} unit={goods.packingUnit} size="strong" />
        {shownPrice ? (
          <s className={styles.was}>
            <Price className={styles.was} money={goods.price} />
          </s>
        ) : null}
      </p>
      <GoodsSummary goods={goods} layout="card">
        <div className={frame.tags}>
          <GoodsTags goods={goods} />
        </div>
      </GoodsSummary>
      <GoodsAvailability goods={goods} stock="label" className={frame.availability} />
      <div className={styles.controls}>
        <QuantityStepper
          label={`${goods.name} 采购数量`}
          value={quantity}
          stock={goods.stock}
          disabled={!canBuy}
          onChange={setQuantity}
        />
        <Button
          className={styles.add}
          appearance="primary"
          disabled={!canBuy || pending}
          onClick={() => void add(goods.id, quantity, priced ? { goodsPriceId: priced } : {})}
        >
          加入购物车
        </Button>
      </div>
    </article>
  );
}
