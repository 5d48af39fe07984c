import { Button } from '@fluentui/react-components';
import type { GoodsSort } from '../../gql/graphql';

export interface SortState {
  sort: GoodsSort;
  /** Absent: the header is a plain label (a table that does not sort). */
  onSort?: (sort: GoodsSort) => void;
}

/**
 * COMPARE-04: a table header that sorts the list by its column: a tap chooses the column's first order, a second
 * tap its next (单价 low to high, then high to low); the current order is marked with an arrow and said in the name.
 */
export function SortHeader({
  label,
  sorts,
  sorting,
}: {
  label: string;
  sorts: readonly [GoodsSort, ...GoodsSort[]];
  sorting: SortState;
}) {
  const { sort, onSort } = sorting;
  if (onSort === undefined) return <>{label}</>;
  const at = sorts.indexOf(sort);
  const next = sorts[(at + 1) % sorts.length] ?? sorts[0];
  const arrow = at < 0 ? '' : sort === 'PRICE_DESC' ? ' ↓' : ' ↑';
  const said = at < 0 ? '' : sort === 'PRICE_DESC' ? '，从高到低' : '，从低到高';
  return (
    <Button
      appearance="transparent"
      size="small"
      aria-pressed={at >= 0}
      aria-label={`按${label}排序${said}`}
      onClick={() => onSort(next)}
    >
      {label}
      {arrow}
    </Button>
  );
}
