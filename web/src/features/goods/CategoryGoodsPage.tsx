import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { GoodsFilter } from '../../gql/graphql';
import type { ListView } from './list-view';
import { usePageTitle } from '../../shared/page-title';
import { FacetedGoodsList, preloadFacetedList } from './FacetedGoodsList';

/**
 * Every tree's categories, three levels deep: all four come from one upstream call (the site's common data). They
 * are the header menu's own fields, so a page opened from the menu finds its name in the cache.
 */
export const CategoryNamesQuery = graphql(`
  query CategoryNames {
    all: categories(tree: ALL) {
      ...CategoryMenu_category
    }
    preferred: categories(tree: PREFERRED) {
      ...CategoryMenu_category
    }
    herbal: categories(tree: TRADITIONAL_MEDICINE) {
      ...CategoryMenu_category
    }
    devices: categories(tree: DEVICES) {
      ...CategoryMenu_category
    }
  }
`);

interface Named {
  id: string;
  name: string;
  children?: readonly Named[];
}

export function findName(trees: readonly (readonly Named[] | null | undefined)[], id: string): string | undefined {
  const stack: Named[] = trees.flatMap((tree) => [...(tree ?? [])]);
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.id === id) return node.name;
    stack.push(...(node.children ?? []));
  }
  return undefined;
}

const VIEWS: readonly ListView[] = ['grid'];

/** The same narrowing as /list?category={id}: the category with its sub-categories. */
function filterOf(id: string): GoodsFilter {
  return { categoryId: id };
}

export function preload(client: ApolloClient, id: string | undefined, params: URLSearchParams): Promise<null> {
  if (!id) return Promise.resolve(null);
  return preloadFacetedList(client, filterOf(id), params);
}

const useStyles = makeStyles({
  heading: { overflowWrap: 'anywhere' },
});

/** The name of category `id` of any tree, from the menu's own query; undefined until read or when unknown. */
export function useCategoryName(id: string | undefined, skip = false): string | undefined {
  const { data } = useQuery(CategoryNamesQuery, { skip: skip || !id, errorPolicy: 'all' });
  return data && id ? findName([data.all, data.preferred, data.herbal, data.devices], id) : undefined;
}

/**
 * /list/other/{id}/{name?} (medicine list): the goods of category `id`, titled with the name the link gives, or
 * without one the category's own name.
 */
export default function CategoryGoodsPage() {
  const styles = useStyles();
  const { id = '', name } = useParams();
  const given = name?.trim();
  // The name only titles the page; the tree is read only when the link does not name it.
  const found = useCategoryName(id, Boolean(given));
  const title = given || found || '分类商品';
  usePageTitle(title);
  return (
    <>
      <SectionHeading className={styles.heading}>{title}</SectionHeading>
      <FacetedGoodsList
        basePath={`/list/other/${encodeURIComponent(id)}${given ? `/${encodeURIComponent(given)}` : ''}`}
        views={VIEWS}
        scope={filterOf(id)}
        place={title}
        label={`${title}商品列表`}
        emptyText="该分类下暂无商品"
      />
    </>
  );
}
