import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { CategoryMenu_CategoryFragment } from '../../gql/graphql';
import { SECONDARY } from '../../shared/error-policy';
import { MENU_VARIANTS, type MenuVariant } from '../../shared/zones';
import { CategoryMenu } from './CategoryMenu';

/** The category tree of a zone's menu variant (SHELL-06: free-shipping, herbal and device zones). */
export const ZoneCategoriesQuery = graphql(`
  query ZoneCategories($tree: CategoryTree!) {
    categories(tree: $tree) {
      id
      ...CategoryMenu_category
    }
  }
`);

/**
 * A zone's category menu (SHELL-06: free-shipping, herbal and device zones). Loaded only on those zones' routes
 * (bundle budget, ADR 0302); the whole catalogue's menu shows until the zone's tree has arrived.
 */
export default function ZoneCategoryMenu({
  variant,
  fallback,
  alwaysOpen,
}: {
  variant: MenuVariant;
  fallback: readonly CategoryMenu_CategoryFragment[];
  alwaysOpen: boolean;
}) {
  const menu = MENU_VARIANTS[variant];
  const { data } = useQuery(ZoneCategoriesQuery, {
    variables: { tree: menu.tree },
    errorPolicy: 'all',
    // ERR-10: without its tree the zone's menu falls back to the whole catalogue's, silently.
    context: SECONDARY,
  });
  const categories = data?.categories;
  if (!categories) return <CategoryMenu categories={fallback} alwaysOpen={alwaysOpen} />;
  return <CategoryMenu categories={categories} alwaysOpen={alwaysOpen} title={menu.title} listQuery={menu.listQuery} />;
}
