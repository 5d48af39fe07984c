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
import type { GoodsTable_GoodsFragment } from '../../gql/graphql';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsSummary } from '../../components/GoodsSummary';
import { GoodsTags } from '../../components/GoodsTags';
import { GoodsPrice } from '../../components/GoodsPrice';
import { BuyControls } from './BuyControls';

/** Fields in the order the columns show them. */
export const GoodsTableFragment = graphql(`
  fragment GoodsTable_goods on Goods {
    ...GoodsSummary_goods
    ...GoodsTags_goods
    ...GoodsPrice_goods
    ...GoodsAvailability_goods
    ...BuyControls_goods
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
  tags: { marginLeft: tokens.spacingHorizontalXS },
});

type Row = GoodsTable_GoodsFragment;

function useColumns(styles: ReturnType<typeof useStyles>): TableColumnDefinition<Row>[] {
  return [
    createTableColumn<Row>({
      columnId: 'name',
      renderHeaderCell: () => '商品名称',
      renderCell: (goods) => (
        <GoodsSummary goods={goods} layout="name">
          <GoodsTags goods={goods} className={styles.tags} />
        </GoodsSummary>
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
      renderCell: (goods) => <GoodsPrice goods={goods} unit="none" />,
    }),
    createTableColumn<Row>({
      columnId: 'stock',
      renderHeaderCell: () => '库存',
      renderCell: (goods) => <GoodsAvailability goods={goods} wording="short" stock="count" />,
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
