import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/**
 * What a page shows in place of its list while the list loads, when it cannot be read, and when it is empty; the
 * list itself otherwise. Each page names its own wording; the order of the cases is the same everywhere.
 */
export function ListStates<L extends { items: readonly unknown[] }>({
  list,
  loading,
  error,
  loadingView,
  loadingTitle = '加载中',
  failedTitle,
  emptyTitle,
  emptyHint = '过几天再来看看',
  children,
}: {
  list: L | null | undefined;
  loading: boolean;
  error: unknown;
  /** A placeholder shaped like the list (a skeleton grid), instead of the loading title. */
  loadingView?: ReactNode;
  loadingTitle?: string;
  /** The title when the list could not be read. */
  failedTitle: string;
  emptyTitle: string;
  emptyHint?: ReactNode;
  children: (list: L) => ReactNode;
}) {
  if (loading && !list) return loadingView ?? <EmptyState title={loadingTitle} />;
  if (!list) return <EmptyState title={error ? failedTitle : emptyTitle}>请稍后刷新页面重试</EmptyState>;
  if (list.items.length === 0) return <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;
  return <>{children(list)}</>;
}
