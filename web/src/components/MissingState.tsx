import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from './EmptyState';

/**
 * What a page about one record (a goods, a brand, an activity) shows while the record loads, when it cannot be read,
 * and when there is no such record, with a link on to where the buyer can carry on.
 */
export function MissingState({
  what,
  loading,
  failed,
  missingTitle,
  link,
}: {
  /** The record's name in the titles: 商品 reads 商品加载中 and 商品暂时无法加载. */
  what: string;
  loading: boolean;
  failed: boolean;
  missingTitle: string;
  link: { to: string; label: ReactNode };
}) {
  if (loading) return <EmptyState title={`${what}加载中`} />;
  return (
    <EmptyState title={failed ? `${what}暂时无法加载` : missingTitle}>
      <Link to={link.to}>{link.label}</Link>
    </EmptyState>
  );
}
