import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';

/**
 * What a list page shows instead of its list while it loads (正在加载反馈记录…), when it cannot be read (反馈记录暂时
 * 无法加载, 请稍后刷新页面重试) and when it is empty; the list itself otherwise. The words are built from the list's
 * name here, so every list says them alike.
 */
export function ListState<L extends { items: readonly unknown[] }>({
  list,
  loading,
  error,
  noun,
  loadingTitle = `正在加载${noun}…`,
  empty,
  children,
}: {
  list: L | null | undefined;
  loading: boolean;
  error: unknown;
  /** What the list holds, in the titles: 反馈记录. */
  noun: string;
  loadingTitle?: string;
  /** The empty list's title and hint; without it an empty list is drawn by `children` (a ledger says so in a row). */
  empty?: { title: string; hint?: ReactNode };
  children: (list: L) => ReactNode;
}) {
  if (!list) {
    if (loading && !error) return <EmptyState title={loadingTitle} />;
    return <EmptyState title={`${noun}暂时无法加载`}>请稍后刷新页面重试</EmptyState>;
  }
  if (empty && list.items.length === 0) return <EmptyState title={empty.title}>{empty.hint}</EmptyState>;
  return <>{children(list)}</>;
}
