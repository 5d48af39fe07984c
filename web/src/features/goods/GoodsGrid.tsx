import type { ReactNode } from 'react';
import { useGoodsGridStyles } from '../../components/GoodsGridSkeleton';
import type { GoodsCard_GoodsFragment } from '../../gql/graphql';
import { GoodsCard } from './GoodsCard';

export interface GoodsGridProps {
  goods: readonly GoodsCard_GoodsFragment[];
  label: string;
  empty: ReactNode;
  /** The near-expiry zone's cards show the expiry of the stock on sale (BATCH-05). */
  showExpiry?: boolean;
}

/** A grid of goods cards; the default export lets the home page load it beside its query (ADR 0302). */
export default function GoodsGrid({ goods, label, empty, showExpiry = false }: GoodsGridProps) {
  const styles = useGoodsGridStyles();
  if (goods.length === 0) return <>{empty}</>;
  return (
    // A group, not a landmark: the section around it (热销商品, 为您推荐) is the region and already carries the name.
    <div className={styles.grid} role="group" aria-label={label}>
      {goods.map((item) => (
        <GoodsCard key={item.id} goods={item} showExpiry={showExpiry} />
      ))}
    </div>
  );
}
