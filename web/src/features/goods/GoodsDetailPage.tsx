import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, SpinButton, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import { detailCartExtras, isNearExpiryLink } from '../../shared/goods-detail';
import { formatPrice } from '../../shared/money';
import { usePageTitle } from '../../shared/page-title';
import { useAddToCart } from './add-to-cart';
import { FavoriteButton } from './FavoriteButton';
import { GoodsActivities } from './GoodsActivities';
import { GoodsGallery } from './GoodsGallery';
import { clampQuantity } from '../../shared/quantity';
import { LadderPriceTable } from './LadderPriceTable';
import { preloadAll } from '../../shared/preload';
import { marketTokens } from '../../theme/theme';
import { GoodsTags } from '../../components/GoodsTags';

export const GoodsDetailQuery = graphql(`
  query GoodsDetail($id: ID!) {
    goods(id: $id) {
      id
      name
      spec
      manufacturer
      approvalNumber
      packingUnit
      stock
      isBuyable
      price {
        fen
        amount
      }
      basePrice {
        fen
        amount
      }
      freeShippingQuantity
      expiryDate
      isControlledSales
      ...GoodsTags_goods
      ...GoodsGallery_goods
      ...LadderPriceTable_goods
      ...GoodsActivities_goods
      ...FavoriteButton_goods
    }
  }
`);

/** Route loader: fetches the goods before the route commits; a failure is left to the page's query and the error link. */
export async function preload(client: ApolloClient, id: string | undefined): Promise<null> {
  if (!id) return null;
  return preloadAll(client.query({ query: GoodsDetailQuery, variables: { id }, errorPolicy: 'all' }));
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
  price: { color: marketTokens.colorPrice, fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  basePrice: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: '6px 16px',
    margin: 0,
    fontSize: tokens.fontSizeBase300,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  soldOut: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  stepper: { width: '120px' },
  add: { minWidth: '160px' },
  note: { margin: 0, color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
});

/** /list/info/:id and /list/info-pt/:id (list_info): everything a buyer checks before ordering one goods. */
export default function GoodsDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // Partial answers still show the goods: a failed favourites or activities call leaves only its own part out.
  const { data, loading, error } = useQuery(GoodsDetailQuery, { variables: { id }, errorPolicy: 'all' });
  const { add, pending } = useAddToCart();
  const [quantity, setQuantity] = useState(1);

  const goods = data?.goods;
  usePageTitle(goods?.name ?? '商品详情');
  if (!goods) {
    if (loading) return <EmptyState title="商品加载中" />;
    return (
      <EmptyState title={error ? '商品暂时无法加载' : '商品不存在或已下架'}>
        <Link to="/list">去看看其他商品</Link>
      </EmptyState>
    );
  }

  const canBuy = goods.isBuyable && goods.stock > 0;
  const unit = goods.packingUnit ?? '';
  return (
    <article className={styles.page} aria-labelledby="goods-name">
      <GoodsGallery goods={goods} />
      <div className={styles.info}>
        <h1 className={styles.name} id="goods-name">
          {goods.name}
        </h1>
        <GoodsTags goods={goods} size="large" />
        <div className={styles.priceBox}>
          <div className={styles.priceRow}>
            <span className={styles.label}>价格</span>
            <span className={styles.price}>
              {formatPrice(goods.price)}
              {unit ? <span className={styles.label}>/{unit}</span> : null}
            </span>
            {goods.basePrice ? <s className={styles.basePrice}>{formatPrice(goods.basePrice)}</s> : null}
          </div>
          <LadderPriceTable goods={goods} />
          <GoodsActivities goods={goods} />
          {isNearExpiryLink(params) ? <p className={styles.note}>近效期商品，请留意有效期</p> : null}
        </div>
        <dl className={styles.facts}>
          <dt className={styles.term}>规格</dt>
          <dd className={styles.value}>{goods.spec ?? '—'}</dd>
          <dt className={styles.term}>生产厂家</dt>
          <dd className={styles.value}>{goods.manufacturer}</dd>
          <dt className={styles.term}>批准文号</dt>
          <dd className={styles.value}>{goods.approvalNumber ?? '—'}</dd>
          <dt className={styles.term}>包装单位</dt>
          <dd className={styles.value}>{unit || '—'}</dd>
          {goods.expiryDate ? (
            <>
              <dt className={styles.term}>有效期至</dt>
              <dd className={styles.value}>{goods.expiryDate}</dd>
            </>
          ) : null}
          <dt className={styles.term}>库存</dt>
          <dd className={styles.value}>
            {!goods.isBuyable ? (
              <span className={styles.soldOut}>
                {goods.isControlledSales ? '控销商品，暂不可购' : '暂不可购（不在经营范围内）'}
              </span>
            ) : goods.stock > 0 ? (
              goods.stock
            ) : (
              <span className={styles.soldOut}>已售罄</span>
            )}
          </dd>
          {goods.freeShippingQuantity !== null && goods.freeShippingQuantity !== undefined ? (
            <>
              <dt className={styles.term}>单品包邮</dt>
              <dd className={styles.value}>
                满 {goods.freeShippingQuantity}
                {unit} 包邮
              </dd>
            </>
          ) : null}
        </dl>
        <div className={styles.actions}>
          <SpinButton
            className={styles.stepper}
            aria-label="采购数量"
            min={1}
            max={Math.max(1, goods.stock)}
            value={quantity}
            disabled={!canBuy}
            onChange={(_event, change) => {
              const typed = change.value ?? Number.parseInt(change.displayValue ?? '', 10);
              setQuantity(clampQuantity(typed, goods.stock));
            }}
          />
          <Button
            className={styles.add}
            appearance="primary"
            size="large"
            disabled={!canBuy || pending}
            onClick={() => void add(goods.id, quantity, detailCartExtras(params))}
          >
            加入购物车
          </Button>
          <FavoriteButton goods={goods} />
        </div>
      </div>
    </article>
  );
}
