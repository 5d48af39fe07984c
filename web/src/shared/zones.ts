import type { CategoryTree } from '../gql/graphql';

/**
 * SHELL-06: the free-shipping, herbal and device zones show their own category menu. The
 * free-shipping variant keeps the buyer in the zone: its list query carries `yx=1`.
 */
export interface CategoryMenuVariant {
  tree: CategoryTree;
  title: string;
  /** Added to the /list query of every category the menu leads to. */
  listQuery: Readonly<Record<string, string>>;
}

export const MENU_VARIANTS = {
  PREFERRED: { tree: 'PREFERRED', title: '优选商品分类', listQuery: { yx: '1' } },
  TRADITIONAL_MEDICINE: { tree: 'TRADITIONAL_MEDICINE', title: '中药商品分类', listQuery: {} },
  DEVICES: { tree: 'DEVICES', title: '器械商品分类', listQuery: {} },
} as const satisfies Partial<Record<CategoryTree, CategoryMenuVariant>>;

export type MenuVariant = keyof typeof MENU_VARIANTS;

/** `/list?yx=1` lists only preferred goods, so a category chosen in the free-shipping menu stays in the zone. */
export function isPreferredList(params: URLSearchParams): boolean {
  return params.get('yx') === '1';
}

/** /list?yx=1 belongs to the free-shipping zone, so the header keeps that zone's category menu there. */
export function listCategoryMenu(params: URLSearchParams): MenuVariant | undefined {
  return isPreferredList(params) ? 'PREFERRED' : undefined;
}

/**
 * SHELL-06: the category menu leads to the goods list with a `select` query (`/list?select=12`, plus `yx=1` from the
 * free-shipping variant). Links written before, with `category=`, keep working; `select` wins when both are there.
 */
export const CATEGORY_PARAM = 'select';
const OLD_CATEGORY_PARAM = 'category';

/** A category's list: the select query, plus a zone variant's own parameters (yx=1 for free shipping). */
export function categoryListPath(categoryId: string, extra: Readonly<Record<string, string>> = {}): string {
  return `/list?${new URLSearchParams({ [CATEGORY_PARAM]: categoryId, ...extra }).toString()}`;
}

/** The category a list address narrows to, or undefined for every goods. */
export function categoryIdFrom(params: URLSearchParams): string | undefined {
  const id = (params.get(CATEGORY_PARAM) ?? params.get(OLD_CATEGORY_PARAM))?.trim();
  return id ? id : undefined;
}
