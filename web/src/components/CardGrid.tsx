import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  // Goods cards keep two abreast on a phone rather than one tall column.
  twoOnPhone: {
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  },
});

/**
 * A list of cards laid out in as many columns of at least `minWidth` pixels as fit; the children are its `li`s.
 * Named by `label` for screen readers.
 */
export function CardGrid({
  label,
  minWidth,
  twoOnPhone,
  className,
  children,
}: {
  label: string;
  minWidth: number;
  twoOnPhone?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <ul
      className={mergeClasses(styles.grid, twoOnPhone && styles.twoOnPhone, className)}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))` }}
      aria-label={label}
    >
      {children}
    </ul>
  );
}
