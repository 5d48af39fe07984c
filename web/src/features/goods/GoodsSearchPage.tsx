import { makeStyles } from '@fluentui/react-components';
import { SectionHeading } from '../../components/SectionHeading';
import { useSearchParams } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import type { ListView } from './list-view';
import type { GoodsFilter, SearchBy } from '../../gql/graphql';
import { FacetedGoodsList, preloadFacetedList } from './FacetedGoodsList';

const VIEWS: readonly ListView[] = ['grid', 'table'];

const useStyles = makeStyles({
  heading: { overflowWrap: 'anywhere' },
});

export function readSearchBy(value: string | null): SearchBy {
  return value === 'MANUFACTURER' ? 'MANUFACTURER' : 'NAME';
}

function filterFrom(params: URLSearchParams): GoodsFilter {
  const keyword = params.get('keyword')?.trim() ?? '';
  return keyword ? { keyword, by: readSearchBy(params.get('by')) } : {};
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadFacetedList(client, filterFrom(params), params);
}

/** /search?keyword=..&by=NAME|MANUFACTURER: goods whose name or manufacturer (or their pinyin initials) match. */
export default function GoodsSearchPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const by = readSearchBy(params.get('by'));
  return (
    <>
      <SectionHeading className={styles.heading}>
        {keyword ? `按${by === 'NAME' ? '药品名' : '厂家'}搜索“${keyword}”` : '全部商品'}
      </SectionHeading>
      <FacetedGoodsList
        basePath="/search"
        views={VIEWS}
        scope={filterFrom(params)}
        place={keyword ? `“${keyword}”的搜索结果` : undefined}
        label="搜索结果"
        emptyText={keyword ? `没有找到与“${keyword}”相关的商品` : '暂无商品'}
      />
    </>
  );
}
