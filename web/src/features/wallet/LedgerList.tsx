import type { ReactNode } from 'react';
import { ListTable, type ListColumn } from '../../shared/list-page/ListTable';
import { formatDateTime } from '../../shared/time';
import { useLedgerStyles } from './ledger-styles';

/** One movement of a ledger, in the words and figures the page formats (money or points). */
export interface LedgerEntry {
  id: string;
  createdAt: string;
  typeText: string;
  remark: ReactNode;
  /** Positive for money or points in, negative for out: the colour and the sign. */
  change: number;
  changeText: string;
  afterText: string;
}

/** A total of the filtered movements: 收入 ¥12.00, or 获得 120 分. */
interface Total {
  label: string;
  text: string;
}

/**
 * The movements of a ledger (balance or points) under its filter: the count and totals of the filter, then the
 * table, each movement a small card on a phone.
 */
export function LedgerList({
  label,
  heads,
  filtered,
  total,
  totalIn,
  totalOut,
  unit,
  empty,
  entries,
}: {
  /** The table's accessible name (余额明细). */
  label: string;
  /** The headings of the change and of what is left after it (金额, 余额). */
  heads: { change: string; after: string };
  filtered: boolean;
  total: number;
  totalIn: Total;
  totalOut: Total;
  /** The word after each total (分); none for money. */
  unit?: string;
  /** The one row of an empty ledger, filtered or not. */
  empty: { filtered: string; all: string };
  entries: readonly LedgerEntry[];
}) {
  const styles = useLedgerStyles();
  const columns: readonly ListColumn<LedgerEntry>[] = [
    { head: '时间', className: styles.time, render: (e) => formatDateTime(e.createdAt) },
    { head: '类型', className: styles.type, render: (e) => e.typeText },
    { head: '说明', className: styles.remark, render: (e) => e.remark },
    {
      head: heads.change,
      number: true,
      render: (e) => (
        <span className={e.change < 0 ? styles.out : styles.in}>
          {e.change > 0 ? '+' : ''}
          {e.changeText}
        </span>
      ),
      className: styles.amount,
    },
    {
      head: heads.after,
      number: true,
      className: styles.after,
      phoneLabel: `${heads.after} `,
      render: (e) => e.afterText,
    },
  ];
  const after = unit === undefined ? null : ` ${unit}`;
  return (
    <>
      <p className={styles.totals} aria-live="polite">
        <span>
          {filtered ? '筛选结果' : '全部明细'}：共 {total} 笔
        </span>
        <span>
          {totalIn.label} <strong className={styles.in}>{totalIn.text}</strong>
          {after}
        </span>
        <span>
          {totalOut.label} <strong className={styles.out}>{totalOut.text}</strong>
          {after}
        </span>
      </p>
      <ListTable
        label={label}
        columns={columns}
        items={entries}
        rowKey={(e) => e.id}
        emptyRow={filtered ? empty.filtered : empty.all}
        cards
        narrow
        rowClassName={styles.row}
      />
    </>
  );
}
