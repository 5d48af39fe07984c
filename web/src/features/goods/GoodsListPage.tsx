import { makeStyles } from '@fluentui/react-components';
import { SectionHeading } from '../../components/SectionHeading';
import { useSearchParams } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import type { ListView } from './list-view';
import type { GoodsFilter } from '../../gql/graphql';
import { categoryIdFrom, isPreferredList } from '../../shared/zones';
import { FacetedGoodsList, preloadFacetedList } from './FacetedGoodsList';
import { useCategoryName } from './CategoryGoodsPage';

const VIEWS: readonly ListView[] = ['grid', 'table', 'no_image'];

/**
 * The category select query (SHELL-06: `select=`, old links' `category=`), and `yx=1` from the free-shipping zone's
 * menu: only that zone's goods.
 */
function filterFrom(params: URLSearchParams): GoodsFilter {
  const categoryId = categoryIdFrom(params);
  return { ...(categoryId ? { categoryId } : {}), ...(isPreferredList(params) ? { preferredOnly: true } : {}) };
}

function headingOf(filter: GoodsFilter): string {
  if (filter.preferredOnly) return filter.categoryId ? '优选分类商品' : '优选商品';
  return filter.categoryId ? '分类商品' : '全部商品';
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadFacetedList(client, filterFrom(params), params);
}

const useStyles = makeStyles({
  // SHELL-22: on a phone the title is read out but not drawn; the toolbar's count under it says what is listed, and
  // the first goods stay on the first screen.
  heading: {
    '@media (max-width: 600px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: 0,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

/** /list?select=<id>[&yx=1]: the goods of a category (preferred ones only with yx=1), or every goods. */
export default function GoodsListPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const filter = filterFrom(params);
  const category = useCategoryName(filter.categoryId ? String(filter.categoryId) : undefined);
  // FACET-08: the breadcrumb names the category (or the preferred zone) the list is of.
  const place = category ?? (filter.preferredOnly ? '优选商品' : filter.categoryId ? '分类商品' : undefined);
  return (
    <>
      <SectionHeading className={styles.heading}>{headingOf(filter)}</SectionHeading>
      <FacetedGoodsList
        basePath="/list"
        views={VIEWS}
        scope={filter}
        place={place}
        label="商品列表"
        emptyText="该分类下暂无商品"
      />
    </>
  );
}
