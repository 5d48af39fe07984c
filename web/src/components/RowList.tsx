import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'grid',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalMNudge} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/**
 * A panel of rows, one per item, divided by a line; `rowClassName` sets the row's grid columns (and how they fold
 * on a phone). Named by `label` for screen readers.
 */
export function RowList<T extends { id: string }>({
  label,
  items,
  rowClassName,
  rowTestId,
  render,
}: {
  label: string;
  items: readonly T[];
  rowClassName: string;
  /** A test id on every row, where browser tests count the rows. */
  rowTestId?: string;
  render: (item: T) => ReactNode;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={mergeClasses(styles.row, rowClassName)} data-testid={rowTestId}>
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
