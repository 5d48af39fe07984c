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
  min180: { gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' },
  min220: { gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' },
  min280: { gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' },
  min300: { gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' },
  // Goods cards keep two abreast on a phone rather than one tall column.
  oneOnPhone: { '@media (max-width: 600px)': { gridTemplateColumns: '1fr' } },
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
  oneOnPhone,
  className,
  children,
}: {
  label: string;
  /** The narrowest a column may be, in pixels. */
  minWidth: 180 | 220 | 280 | 300;
  twoOnPhone?: boolean;
  oneOnPhone?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <ul
      className={mergeClasses(
        styles.grid,
        styles[`min${minWidth}`],
        twoOnPhone && styles.twoOnPhone,
        oneOnPhone && styles.oneOnPhone,
        className,
      )}
      aria-label={label}
    >
      {children}
    </ul>
  );
}
