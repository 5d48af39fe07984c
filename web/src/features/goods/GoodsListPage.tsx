import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import type { ListView } from '../../lib/list-view';
import type { GoodsFilter } from '../../gql/graphql';
import { goodsListVariables, GoodsListView, preloadGoodsList } from './GoodsListView';

const VIEWS: readonly ListView[] = ['grid', 'table', 'no_image'];

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
});

function filterFrom(params: URLSearchParams): GoodsFilter {
  const categoryId = params.get('category')?.trim();
  return categoryId ? { categoryId } : {};
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadGoodsList(client, goodsListVariables(params, filterFrom(params)));
}

/** /list?category=<id>: the goods of a category, or every goods without one. */
export default function GoodsListPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const filter = filterFrom(params);
  return (
    <>
      <h1 className={styles.heading}>{filter.categoryId ? '分类商品' : '全部商品'}</h1>
      <GoodsListView basePath="/list" views={VIEWS} filter={filter} label="商品列表" emptyText="该分类下暂无商品" />
    </>
  );
}
