import type { ReactNode } from 'react';
import { useGoodsGridStyles } from '../../components/GoodsGridSkeleton';
import type { GoodsCard_GoodsFragment } from '../../gql/graphql';
import { GoodsCard } from './GoodsCard';

export interface GoodsGridProps {
  goods: readonly GoodsCard_GoodsFragment[];
  label: string;
  empty: ReactNode;
}

/** A grid of goods cards; the default export lets the home page load it beside its query (ADR 0302). */
export default function GoodsGrid({ goods, label, empty }: GoodsGridProps) {
  const styles = useGoodsGridStyles();
  if (goods.length === 0) return <>{empty}</>;
  return (
    <section className={styles.grid} aria-label={label}>
      {goods.map((item) => (
        <GoodsCard key={item.id} goods={item} />
      ))}
    </section>
  );
}
