import {
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const PHONE = '@media (max-width: 600px)';

const useStyles = makeStyles({
  box: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  // Columns as wide as their content, as the lists were before Fluent's table (fixed, equal columns by default).
  table: { tableLayout: 'auto', fontSize: tokens.fontSizeBase300, minWidth: '720px' },
  narrow: { minWidth: '560px' },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'left',
    // Fluent's cells are 44 px high; a cell of two lines, or a phone card's, is as high as its lines.
    height: 'auto',
  },
  head: { fontWeight: tokens.fontWeightSemibold },
  top: { verticalAlign: 'top' },
  number: { textAlign: 'right', whiteSpace: 'nowrap' },
  // A heading's text sits in Fluent's header button (a flex box), which text-align does not move.
  numberHead: { justifyContent: 'flex-end' },
  // The rows are not interactive: no hover colour.
  row: { ':hover': { backgroundColor: 'transparent' }, ':active': { backgroundColor: 'transparent' } },
  // On a phone each row is a small card: the page places its cells with grid areas (`rowClassName`, column classes).
  cardsTable: { [PHONE]: { minWidth: 0, display: 'block' } },
  cardsHead: { [PHONE]: { display: 'none' } },
  cardsBody: { [PHONE]: { display: 'block' } },
  cardsRow: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      columnGap: tokens.spacingHorizontalM,
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    },
  },
  // A cell with a phoneLabel says on a phone what the hidden header said.
  cardsCell: {
    [PHONE]: {
      display: 'block',
      padding: 0,
      borderBottom: 'none',
      '::before': { content: 'attr(data-label)', color: tokens.colorNeutralForeground3 },
    },
  },
});

export interface ListColumn<T> {
  /** The column's heading, also its key. */
  head: string;
  render: (item: T) => ReactNode;
  /** Right-aligned and unbroken (amounts). */
  number?: boolean;
  /** The column's own look, such as its grid area on a phone. */
  className?: string;
  /** A phone card's words before the value (`余额 `), shown before it where the table folds into `cards`. */
  phoneLabel?: string;
}

/**
 * A list drawn as a table, one row per item and one cell per column, named by `label` for screen readers. With
 * `cards` each row folds into a small card on a phone, its cells placed by `rowClassName`'s grid areas.
 */
export function ListTable<T>({
  label,
  columns,
  items,
  rowKey,
  emptyRow,
  cards = false,
  narrow = false,
  alignTop = false,
  rowClassName,
  rowTestId,
}: {
  label: string;
  columns: readonly ListColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  /** Words in one row when there are no items; without them the page shows its empty state instead. */
  emptyRow?: string;
  cards?: boolean;
  /** 560 px wide at the least instead of 720 (few columns). */
  narrow?: boolean;
  /** Cells align to the top of their row (cells of several lines). */
  alignTop?: boolean;
  rowClassName?: string;
  rowTestId?: string;
}) {
  const styles = useStyles();
  const cell = mergeClasses(styles.cell, alignTop && styles.top, cards && styles.cardsCell);
  return (
    <div className={styles.box}>
      <Table
        className={mergeClasses(styles.table, narrow && styles.narrow, cards && styles.cardsTable)}
        aria-label={label}
      >
        <TableHeader className={cards ? styles.cardsHead : undefined}>
          <TableRow className={styles.row}>
            {columns.map((c) => (
              <TableHeaderCell
                key={c.head}
                className={mergeClasses(cell, styles.head, c.number && styles.number)}
                button={{ className: c.number ? styles.numberHead : undefined }}
              >
                {c.head}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className={cards ? styles.cardsBody : undefined}>
          {items.length === 0 && emptyRow !== undefined ? (
            <TableRow className={styles.row}>
              <TableCell className={cell} colSpan={columns.length}>
                {emptyRow}
              </TableCell>
            </TableRow>
          ) : (
            items.map((item) => (
              <TableRow
                key={rowKey(item)}
                className={mergeClasses(styles.row, cards && styles.cardsRow, rowClassName)}
                data-testid={rowTestId}
              >
                {columns.map((c) => (
                  <TableCell
                    key={c.head}
                    className={mergeClasses(cell, c.number && styles.number, c.className)}
                    data-label={c.phoneLabel}
                  >
                    {c.render(item)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
