import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useParams, useSearchParams } from 'react-router';
import { MissingState } from '../../components/MissingState';
import { graphql } from '../../gql';
import { detailCartExtras, isNearExpiryLink } from '../../shared/goods-detail';
import { FirstBusinessButton } from '../../shared/first-business/FirstBusinessButton';
import { firstBusinessHref } from '../../shared/first-business/paths';
import { usePageTitle } from '../../shared/page-title';
import { BuyControls } from './BuyControls';
import { FavoriteButton } from './FavoriteButton';
import { GoodsActivities } from './GoodsActivities';
import { GoodsGallery } from './GoodsGallery';
import { GoodsFacts } from './GoodsFacts';
import { InspectionReports, InspectionReportsQuery } from './InspectionReports';
import { LadderPriceTable } from './LadderPriceTable';
import { NextTierHint, preloadNextTierHint } from './NextTierHint';
import { SAME_GENERIC_SHOWN, SameGenericPanel, SameGenericQuery } from './SameGenericPanel';
import { SECONDARY } from '../../shared/error-policy';
import { preloadAll, preloadForMember } from '../../shared/preload';
import { marketTokens } from '../../theme/theme';
import { GoodsTags } from '../../components/GoodsTags';
import { GoodsPrice } from '../../components/GoodsPrice';
import { Price } from '../../components/Price';

export const GoodsDetailQuery = graphql(`
  query GoodsDetail($id: ID!, $goodsPriceId: ID) {
    goods(id: $id) {
      id
      name
      promotionPrice(goodsPriceId: $goodsPriceId) {
        kind
        activityId
        label
        remaining
        perBuyerLimit
        price {
          ...Price_money
        }
      }
      ...BuyControls_goods
      ...GoodsPrice_goods
      basePrice {
        ...Price_money
      }
      ...GoodsFacts_goods
      ...GoodsTags_goods
      ...GoodsGallery_goods
      ...LadderPriceTable_goods
      ...GoodsActivities_goods
      ...FavoriteButton_goods
    }
  }
`);

/**
 * Route loader: fetches the goods and the first page of its inspection reports before the route commits (the
 * server then renders the page in one pass); a failure is left to the page's queries and the error link.
 */
export async function preload(client: ApolloClient, id: string | undefined, params: URLSearchParams): Promise<null> {
  if (!id) return null;
  return preloadAll(
    client.query({ query: GoodsDetailQuery, variables: detailVariables(id, params), errorPolicy: 'all' }),
    // The same variables as the reports section's first query; secondary, as there (ERR-10).
    client.query({
      query: InspectionReportsQuery,
      variables: { goodsId: id, batchNo: null, page: 1 },
      errorPolicy: 'all',
      context: SECONDARY,
    }),
    // The same medicine from every maker (COMPARE-06); secondary, as the panel's own query.
    client.query({
      query: SameGenericQuery,
      variables: { id, limit: SAME_GENERIC_SHOWN },
      errorPolicy: 'all',
      context: SECONDARY,
    }),
    // A member's price hint under the stepper (CART-25).
    preloadForMember(client, () => [preloadNextTierHint(client, id)]),
  );
}

const useStyles = makeStyles({
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 400px) minmax(0, 1fr)',
    gap: '24px',
    padding: '20px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)', padding: '12px', gap: '16px' },
  },
  info: { display: 'grid', gap: '12px', alignContent: 'start', minWidth: 0 },
  name: { margin: 0, fontSize: tokens.fontSizeBase600, overflowWrap: 'anywhere' },
  priceBox: {
    display: 'grid',
    gap: '8px',
    padding: '12px 16px',
    backgroundColor: marketTokens.colorBrandTint,
    borderRadius: tokens.borderRadiusMedium,
  },
  priceRow: { display: 'flex', alignItems: 'baseline', gap: '12px', flexWrap: 'wrap' },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  price: { fontSize: tokens.fontSizeHero700, whiteSpace: 'normal' },
  basePrice: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  note: { margin: 0, color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
});

/** The detail's query variables: the seckill a seckill card's link names prices the page (PRICE-10). */
function detailVariables(id: string, params: URLSearchParams) {
  return { id, goodsPriceId: detailCartExtras(params).goodsPriceId ?? null };
}

/** /list/info/:id and /list/info-pt/:id (list_info): everything a buyer checks before ordering one goods. */
export default function GoodsDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // Partial answers still show the goods: a failed favourites or activities call leaves only its own part out.
  const { data, loading, error } = useQuery(GoodsDetailQuery, {
    variables: detailVariables(id, params),
    errorPolicy: 'all',
  });

  const goods = data?.goods;
  usePageTitle(goods?.name ?? '商品详情');
  if (!goods) {
    return (
      <MissingState
        what="商品"
        loading={loading}
        failed={Boolean(error)}
        missingTitle="商品不存在或已下架"
        link={{ to: '/list', label: '去看看其他商品' }}
      />
    );
  }

  // PRICE-10: a promotion's price is the page's price, and adding prices the line the same way: a seckill as a
  // SECKILL line naming its seckill, a discount by itself on an ordinary line.
  // A seckill sold out is said before the buyer adds (PRICE-03): the page then sells at the ordinary price.
  const soldOut = goods.promotionPrice?.kind === 'SECKILL' && goods.promotionPrice.remaining === 0;
  const promotion = soldOut ? null : goods.promotionPrice;
  const extras = detailCartExtras(params);
  const cartExtras =
    promotion?.kind === 'SECKILL'
      ? { ...extras, type: 'SECKILL' as const }
      : soldOut
        ? { ...extras, goodsPriceId: null }
        : extras;
  return (
    <>
      <article className={styles.page} aria-labelledby="goods-name">
        <GoodsGallery goods={goods} />
        <div className={styles.info}>
          <h1 className={styles.name} id="goods-name">
            {goods.name}
          </h1>
          <GoodsTags goods={goods} size="large" />
          <div className={styles.priceBox}>
            <div className={styles.priceRow}>
              <span className={styles.label}>{promotion ? promotion.label : '价格'}</span>
              {promotion ? (
                <>
                  <Price className={styles.price} money={promotion.price} size="large" />
                  <s className={styles.basePrice}>
                    <GoodsPrice className={styles.basePrice} goods={goods} unit="muted" listPrice />
                  </s>
                </>
              ) : (
                <GoodsPrice className={styles.price} goods={goods} unit="muted" />
              )}
              {goods.basePrice && !promotion ? (
                <s className={styles.basePrice}>
                  <Price className={styles.basePrice} money={goods.basePrice} />
                </s>
              ) : null}
            </div>
            {promotion?.kind === 'SECKILL' && promotion.perBuyerLimit !== null ? (
              <p className={styles.note}>
                秒杀限时抢购：每人限购{promotion.perBuyerLimit}件
                {promotion.remaining !== null ? `，仅剩${promotion.remaining}件` : ''}，超出部分请按原价购买
              </p>
            ) : null}
            {soldOut ? <p className={styles.note}>秒杀商品已抢光，可按原价购买</p> : null}
            <LadderPriceTable goods={goods} />
            <GoodsActivities goods={goods} />
            {isNearExpiryLink(params) ? <p className={styles.note}>近效期商品，请留意有效期</p> : null}
          </div>
          <GoodsFacts goods={goods} />
          <BuyControls
            goods={goods}
            layout="page"
            extras={cartExtras}
            // A seckill line has its own price: the ordinary ladder's next tier does not apply to it (CART-06).
            renderHint={
              promotion?.kind === 'SECKILL'
                ? undefined
                : (quantity) => <NextTierHint goodsId={goods.id} quantity={quantity} />
            }
          >
            <FavoriteButton goods={goods} />
            {/* FIRST-06: this goods' approval document and report with the seller's licences. */}
            <FirstBusinessButton href={firstBusinessHref({ goodsIds: [goods.id] })} />
          </BuyControls>
        </div>
      </article>
      <SameGenericPanel goodsId={goods.id} />
      <InspectionReports goodsId={goods.id} />
    </>
  );
}
