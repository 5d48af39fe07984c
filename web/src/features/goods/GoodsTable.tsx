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
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { GoodsTable_GoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatPrice } from '../../shared/money';
import { BuyControls } from './BuyControls';
import { marketTokens } from '../../theme/theme';
import { GoodsTags } from '../../components/GoodsTags';

export const GoodsTableFragment = graphql(`
  fragment GoodsTable_goods on Goods {
    id
    name
    spec
    manufacturer
    packingUnit
    stock
    isBuyable
    price {
      fen
      amount
    }
    ...GoodsTags_goods
  }
`);

const useStyles = makeStyles({
  // Seven columns do not fit a phone: the table scrolls sideways inside its box instead of the page.
  scroller: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  grid: { minWidth: '980px' },
  name: { color: 'inherit', fontWeight: tokens.fontWeightSemibold, ':hover': { color: tokens.colorBrandForeground1 } },
  tags: { marginLeft: tokens.spacingHorizontalXS },
  price: { color: marketTokens.colorPrice, fontWeight: tokens.fontWeightSemibold },
  soldOut: { color: tokens.colorPaletteRedForeground1 },
});

type Row = GoodsTable_GoodsFragment;

function useColumns(styles: ReturnType<typeof useStyles>): TableColumnDefinition<Row>[] {
  return [
    createTableColumn<Row>({
      columnId: 'name',
      renderHeaderCell: () => '商品名称',
      renderCell: (goods) => (
        <span>
          <Link className={styles.name} to={goodsDetailPath(goods.id)}>
            {goods.name}
          </Link>
          <GoodsTags goods={goods} className={styles.tags} />
        </span>
      ),
    }),
    createTableColumn<Row>({
      columnId: 'spec',
      renderHeaderCell: () => '规格',
      renderCell: (goods) => goods.spec ?? '—',
    }),
    createTableColumn<Row>({
      columnId: 'manufacturer',
      renderHeaderCell: () => '生产厂家',
      renderCell: (goods) => goods.manufacturer,
    }),
    createTableColumn<Row>({
      columnId: 'unit',
      renderHeaderCell: () => '单位',
      renderCell: (goods) => goods.packingUnit ?? '—',
    }),
    createTableColumn<Row>({
      columnId: 'price',
      renderHeaderCell: () => '单价',
      renderCell: (goods) => <span className={styles.price}>{formatPrice(goods.price)}</span>,
    }),
    createTableColumn<Row>({
      columnId: 'stock',
      renderHeaderCell: () => '库存',
      renderCell: (goods) =>
        !goods.isBuyable ? (
          <span className={styles.soldOut}>暂不可购</span>
        ) : goods.stock > 0 ? (
          goods.stock
        ) : (
          <span className={styles.soldOut}>已售罄</span>
        ),
    }),
    createTableColumn<Row>({
      columnId: 'buy',
      renderHeaderCell: () => '采购',
      renderCell: (goods) => <BuyControls goods={goods} />,
    }),
  ];
}

const widths: Record<string, number> = {
  name: 260,
  spec: 120,
  manufacturer: 180,
  unit: 56,
  price: 96,
  stock: 80,
  buy: 220,
};

/** /list/table and /search/table: one goods per row, to buy many goods quickly by quantity. */
export function GoodsTable({ goods, label }: { goods: readonly GoodsTable_GoodsFragment[]; label: string }) {
  const styles = useStyles();
  const columns = useColumns(styles);
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
