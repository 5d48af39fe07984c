import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsPrice } from '../../components/GoodsPrice';
import { graphql } from '../../gql';
import type { SameGenericQuery as SameGenericResult } from '../../gql/graphql';
import { ListTable, type ListColumn } from '../../shared/list-page/ListTable';
import { SECONDARY } from '../../shared/error-policy';
import { goodsDetailPath } from '../../shared/goods-detail';
import { BuyControls } from './BuyControls';
import { StockStateText } from './PurchaserFacts';
import { packQuantityLabel } from './purchaser-facts';

/** COMPARE-06: the detail page shows this many goods of the generic; the rest are counted. */
export const SAME_GENERIC_SHOWN = 20;

export const SameGenericQuery = graphql(`
  query SameGeneric($id: ID!, $limit: Int) {
    goods(id: $id) {
      id
      sameGeneric(limit: $limit) {
        name
        total
        goods {
          id
          name
          spec
          manufacturer
          expiryDate
          packQuantity
          unitPrice {
            label
          }
          ...GoodsPrice_goods
          ...GoodsAvailability_goods
          ...BuyControls_goods
        }
      }
    }
  }
`);

const PHONE = '@media (max-width: 600px)';

const useStyles = makeStyles({
  panel: {
    display: 'grid',
    gap: '12px',
    marginTop: '16px',
    padding: '16px 20px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    // The sticky header must not cover the heading the #compare anchor scrolls to.
    scrollMarginTop: '120px',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  nowrap: { whiteSpace: 'nowrap' },
  // On a phone each goods is a card: the maker across the top, the facts in two columns, the buy controls below.
  wide: { [PHONE]: { gridColumn: '1 / -1' } },
  buy: { [PHONE]: { gridColumn: '1 / -1', paddingTop: tokens.spacingVerticalS } },
  self: { marginLeft: tokens.spacingHorizontalXS, color: tokens.colorBrandForeground1 },
  unitPrice: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap' },
});

type Compared = NonNullable<NonNullable<SameGenericResult['goods']>['sameGeneric']>['goods'][number];

function useColumns(goodsId: string): ListColumn<Compared>[] {
  const styles = useStyles();
  return [
    {
      head: '生产企业',
      className: styles.wide,
      render: (g) => (
        <>
          <Link to={goodsDetailPath(g.id)}>{g.manufacturer}</Link>
          {g.id === goodsId ? <span className={styles.self}>（本品）</span> : null}
        </>
      ),
    },
    { head: '规格', phoneLabel: '规格 ', render: (g) => <span className={styles.nowrap}>{g.spec ?? '—'}</span> },
    { head: '单价', phoneLabel: '单价 ', render: (g) => <GoodsPrice goods={g} unit="muted" /> },
    {
      head: '单位价',
      phoneLabel: '单位价 ',
      render: (g) => <span className={styles.unitPrice}>{g.unitPrice?.label ?? '—'}</span>,
    },
    {
      head: '件装量',
      phoneLabel: '件装量 ',
      render: (g) => packQuantityLabel(g.packQuantity, g.packingUnit) ?? '—',
    },
    {
      head: '库存',
      render: (g) =>
        g.outOfScope === true || !g.isBuyable ? (
          <GoodsAvailability goods={g} wording="short" />
        ) : (
          <StockStateText stock={g.stock} />
        ),
    },
    { head: '有效期至', phoneLabel: '有效期至 ', render: (g) => g.expiryDate ?? '—' },
    {
      head: '采购',
      className: styles.buy,
      render: (g) => <BuyControls goods={{ ...g, name: `${g.manufacturer} ${g.spec ?? ''}`.trim() }} />,
    },
  ];
}

/**
 * 同品种比价 (COMPARE-06): the goods' generic from every maker and pack, cheapest unit first, each addable to the
 * cart in place (the header's badge follows, as from any 加入购物车). A goods outside the buyer's business scope
 * says so and cannot be added (SCOPE-02). The page's #compare anchor (the lists' 比价 links) scrolls here.
 */
export function SameGenericPanel({ goodsId }: { goodsId: string }) {
  const styles = useStyles();
  const columns = useColumns(goodsId);
  const { hash } = useLocation();
  const { data, error } = useQuery(SameGenericQuery, {
    variables: { id: goodsId, limit: SAME_GENERIC_SHOWN },
    errorPolicy: 'all',
    context: SECONDARY,
  });
  const comparison = data?.goods?.sameGeneric;
  const loaded = comparison !== undefined;
  useEffect(() => {
    if (hash === '#compare' && loaded) document.getElementById('compare')?.scrollIntoView();
  }, [hash, loaded]);
  return (
    <section id="compare" className={styles.panel} aria-labelledby="compare-heading">
      <h2 id="compare-heading" className={styles.heading}>
        同品种比价
      </h2>
      {comparison ? (
        <>
          <p className={styles.note}>
            {comparison.name}共 {comparison.total} 个品规，按单位价从低到高排列；规格无法折算单位价的排在最后
            {comparison.total > comparison.goods.length ? `，此处列出前 ${comparison.goods.length} 个` : ''}
          </p>
          <ListTable
            label={`${comparison.name}的同品种比价`}
            columns={columns}
            items={comparison.goods}
            rowKey={(g) => g.id}
            cards
          />
        </>
      ) : (
        <p className={styles.note}>{error ? '同品种比价暂时无法加载，请稍后刷新重试' : '正在加载同品种比价…'}</p>
      )}
    </section>
  );
}
