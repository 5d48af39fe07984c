import {
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  makeStyles,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components';
import { graphql } from '../../gql';
import type { GoodsSort, GoodsTable_GoodsFragment } from '../../gql/graphql';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsSummary } from '../../components/GoodsSummary';
import { GoodsTags } from '../../components/GoodsTags';
import { GoodsPrice } from '../../components/GoodsPrice';
import { BuyControls } from './BuyControls';
import { CompareLink, MoreTiersLink, StockStateText } from './PurchaserFacts';
import { firstTiers, packQuantityLabel } from './purchaser-facts';
import { SortHeader, type SortState } from './SortHeader';

/** Fields in the order the columns show them. */
export const GoodsTableFragment = graphql(`
  fragment GoodsTable_goods on Goods {
    ...GoodsSummary_goods
    ...GoodsTags_goods
    ...GoodsPrice_goods
    ...GoodsAvailability_goods
    ...BuyControls_goods
    ...PurchaserFacts_goods
  }
`);

const useStyles = makeStyles({
  // Ten columns do not fit a phone: the table scrolls sideways inside its box instead of the page. On a computer the
  // table has the page's width (the facet panel folds behind 筛选 in this view) and fits it.
  scroller: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  // COMPARE-05: one line per goods, every fact a purchaser compares in its own column.
  grid: { minWidth: '1120px' },
  name: { display: 'grid', gap: '2px' },
  nameFoot: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase200 },
  tags: { marginLeft: tokens.spacingHorizontalXS },
  nowrap: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  tiers: { display: 'grid', fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
  unitPrice: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap' },
});

type Row = GoodsTable_GoodsFragment;

function useColumns(styles: ReturnType<typeof useStyles>, sorting: SortState): TableColumnDefinition<Row>[] {
  return [
    createTableColumn<Row>({
      columnId: 'name',
      renderHeaderCell: () => '商品名称',
      renderCell: (goods) => (
        <span className={styles.name}>
          <GoodsSummary goods={goods} layout="name">
            <GoodsTags goods={goods} className={styles.tags} />
          </GoodsSummary>
          <span className={styles.nameFoot}>
            <CompareLink goods={goods} />
          </span>
        </span>
      ),
    }),
    createTableColumn<Row>({
      columnId: 'spec',
      renderHeaderCell: () => '规格/单位',
      renderCell: (goods) => (
        <span className={styles.nowrap} title={goods.spec ?? undefined}>
          {goods.spec ?? '—'}
          {goods.packingUnit ? <span className={styles.muted}>/{goods.packingUnit}</span> : null}
        </span>
      ),
    }),
    createTableColumn<Row>({
      columnId: 'manufacturer',
      renderHeaderCell: () => <SortHeader label="生产企业" sorts={['MAKER']} sorting={sorting} />,
      renderCell: (goods) => (
        <span className={styles.nowrap} title={goods.manufacturer}>
          {goods.manufacturer}
        </span>
      ),
    }),
    createTableColumn<Row>({
      columnId: 'price',
      renderHeaderCell: () => <SortHeader label="单价" sorts={['PRICE_ASC', 'PRICE_DESC']} sorting={sorting} />,
      renderCell: (goods) => <GoodsPrice goods={goods} unit="none" />,
    }),
    createTableColumn<Row>({
      columnId: 'unitPrice',
      renderHeaderCell: () => <SortHeader label="单位价" sorts={['UNIT_PRICE_ASC']} sorting={sorting} />,
      renderCell: (goods) =>
        goods.unitPrice ? <span className={styles.unitPrice}>{goods.unitPrice.label}</span> : '—',
    }),
    createTableColumn<Row>({
      columnId: 'tiers',
      renderHeaderCell: () => '阶梯价',
      renderCell: (goods) => {
        const tiers = firstTiers(goods.ladderPriceType, goods.ladderPrices, goods.packingUnit ?? '');
        if (tiers.lines.length === 0) return '—';
        return (
          <span className={styles.tiers}>
            {tiers.lines.map((line) => (
              <span key={line.quantities} className={styles.nowrap}>
                {line.quantities} ¥{line.amount}
              </span>
            ))}
            {tiers.more ? <MoreTiersLink goods={goods} /> : null}
          </span>
        );
      },
    }),
    createTableColumn<Row>({
      columnId: 'pack',
      renderHeaderCell: () => '件装量',
      renderCell: (goods) => packQuantityLabel(goods.packQuantity, goods.packingUnit) ?? '—',
    }),
    createTableColumn<Row>({
      columnId: 'stock',
      renderHeaderCell: () => '库存',
      renderCell: (goods) =>
        goods.outOfScope === true || !goods.isBuyable ? (
          <GoodsAvailability goods={goods} wording="short" stock="count" />
        ) : (
          <StockStateText stock={goods.stock} />
        ),
    }),
    createTableColumn<Row>({
      columnId: 'expiry',
      renderHeaderCell: () => <SortHeader label="有效期至" sorts={['EXPIRY']} sorting={sorting} />,
      renderCell: (goods) => goods.expiryDate ?? '—',
    }),
    createTableColumn<Row>({
      columnId: 'buy',
      renderHeaderCell: () => '采购',
      renderCell: (goods) => <BuyControls goods={goods} />,
    }),
  ];
}

const widths: Record<string, number> = {
  name: 132,
  spec: 104,
  manufacturer: 112,
  price: 76,
  unitPrice: 76,
  tiers: 100,
  pack: 68,
  stock: 84,
  expiry: 88,
  buy: 216,
};

/**
 * /list/table and /search/table: one goods per row, to buy many goods quickly by quantity and compare them
 * (COMPARE-05); the price, unit price, maker and expiry headers sort the list when `onSort` is given (COMPARE-04).
 */
export function GoodsTable({
  goods,
  label,
  sort = 'DEFAULT',
  onSort,
}: {
  goods: readonly GoodsTable_GoodsFragment[];
  label: string;
  sort?: GoodsSort;
  onSort?: (sort: GoodsSort) => void;
}) {
  const styles = useStyles();
  const columns = useColumns(styles, { sort, onSort });
  return (
    <div className={styles.scroller}>
      <DataGrid
        className={styles.grid}
        items={[...goods]}
        columns={columns}
        getRowId={(item: Row) => item.id}
        focusMode="composite"
        aria-label={label}
      >
        <DataGridHeader>
          <DataGridRow>
            {({ renderHeaderCell, columnId }) => (
              <DataGridHeaderCell
                style={{ flexBasis: widths[String(columnId)], flexGrow: columnId === 'name' ? 2 : 1 }}
              >
                {renderHeaderCell()}
              </DataGridHeaderCell>
            )}
          </DataGridRow>
        </DataGridHeader>
        <DataGridBody<Row>>
          {({ item, rowId }) => (
            <DataGridRow<Row> key={rowId}>
              {({ renderCell, columnId }) => (
                <DataGridCell style={{ flexBasis: widths[String(columnId)], flexGrow: columnId === 'name' ? 2 : 1 }}>
                  {renderCell(item)}
                </DataGridCell>
              )}
            </DataGridRow>
          )}
        </DataGridBody>
      </DataGrid>
    </div>
  );
}
