import { makeStyles, tokens } from '@fluentui/react-components';

/** The goods grid's columns, shared by the grid and its placeholder so the page does not jump between them. */
export const useGoodsGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px' },
  },
});

const useStyles = makeStyles({
  skeleton: {
    height: '380px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundImage: `linear-gradient(90deg, ${tokens.colorNeutralBackground1} 25%, ${tokens.colorNeutralBackground3} 50%, ${tokens.colorNeutralBackground1} 75%)`,
    backgroundSize: '200% 100%',
    animationName: { from: { backgroundPosition: '200% 0' }, to: { backgroundPosition: '-200% 0' } },
    animationDuration: '1.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
});

/** Placeholders of a card's size while a list loads. */
export function GoodsGridSkeleton({ count = 8, label }: { count?: number; label: string }) {
  const grid = useGoodsGridStyles();
  const styles = useStyles();
  return (
    <div className={grid.grid} role="status" aria-busy aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.skeleton} />
      ))}
    </div>
  );
}
