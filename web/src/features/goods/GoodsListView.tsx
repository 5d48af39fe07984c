import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, ToggleButton, tokens } from '@fluentui/react-components';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { GoodsFilter, GoodsListQueryVariables, GoodsSort } from '../../gql/graphql';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { LIST_VIEW_LABELS, listViewOf, listViewPath, type ListView } from './list-view';
import { GoodsCompactList } from './GoodsCompactList';
import GoodsGrid from './GoodsGrid';
import { GoodsTable } from './GoodsTable';
import { pageParam } from '../../shared/page-param';
import { Pager } from '../../components/Pager';
import { preloadAll } from '../../shared/preload';

export const GoodsListQuery = graphql(`
  query GoodsList($filter: GoodsFilter, $page: Int, $pageSize: Int, $sort: GoodsSort) {
    goodsList(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
      total
      page
      pageSize
      items {
        id
        ...GoodsCard_goods
        ...GoodsTable_goods
        ...GoodsCompactList_goods
      }
    }
  }
`);

export const PAGE_SIZE = 20;

const sorts: { value: GoodsSort; label: string }[] = [
  { value: 'DEFAULT', label: '综合' },
  { value: 'SALES', label: '销量' },
  { value: 'PRICE_ASC', label: '价格从低到高' },
  { value: 'PRICE_DESC', label: '价格从高到低' },
  // COMPARE-04: what a purchaser compares by.
  { value: 'UNIT_PRICE_ASC', label: '单位价从低到高' },
  { value: 'MAKER', label: '生产企业' },
  { value: 'EXPIRY', label: '效期从近到远' },
];

function readSort(value: string | null): GoodsSort {
  return sorts.find((sort) => sort.value === value)?.value ?? 'DEFAULT';
}

/** The list's variables as the address says them, shared by the page and its route loader. */
export function goodsListVariables(params: URLSearchParams, filter: GoodsFilter): GoodsListQueryVariables {
  return { filter, page: pageParam(params.get('page')), pageSize: PAGE_SIZE, sort: readSort(params.get('sort')) };
}

/** A goods list's route loader work (see preloadAll), shared by every page built on GoodsListView. */
export async function preloadGoodsList(client: ApolloClient, variables: GoodsListQueryVariables): Promise<null> {
  return preloadAll(client.query({ query: GoodsListQuery, variables }));
}

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px',
    padding: '8px 12px',
    marginBottom: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    // SHELL-22: one row on a phone, scrolling sideways, so the first goods are on the first screen.
    '@media (max-width: 600px)': {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      scrollbarWidth: 'none',
      padding: '4px 8px',
      marginBottom: '8px',
      whiteSpace: 'nowrap',
    },
  },
  sorts: { display: 'flex', flexWrap: 'wrap', gap: '8px', '@media (max-width: 600px)': { flexWrap: 'nowrap' } },
  end: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    marginLeft: 'auto',
    flexWrap: 'wrap',
    '@media (max-width: 600px)': { flexWrap: 'nowrap' },
  },
  views: { display: 'flex', gap: '4px' },
  // 24 px tall at least (SHELL-23, WCAG 2.2 2.5.8).
  view: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '24px',
    boxSizing: 'border-box',
    padding: '0 10px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase200,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  viewCurrent: {
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandStroke1}`,
  },
  // The results' heading (h2 between the page's h1 and the cards' h3), set as quietly as the toolbar around it.
  total: {
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
  },
});

export interface GoodsListViewProps {
  filter: GoodsFilter;
  label: string;
  emptyText: string;
  /** The list's address without a layout (/list or /search) and the layouts it offers. */
  basePath: string;
  views: readonly ListView[];
  /** What the page puts first in the toolbar's row (the faceted list's 筛选 button on a phone). */
  toolbarStart?: ReactNode;
}

/**
 * A sorted, paged list of goods in the layout the address names; page, sort and layout live in the address so a
 * list can be shared and reloaded. The query asks for every layout's fields, so switching layout needs no request.
 */
export function GoodsListView({ filter, label, emptyText, basePath, views, toolbarStart }: GoodsListViewProps) {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const view = listViewOf(location.pathname);
  const variables = goodsListVariables(params, filter);
  const sort = readSort(params.get('sort'));
  const { data, loading, error } = useQuery(GoodsListQuery, { variables });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const list = data?.goodsList;

  return (
    <>
      <div className={styles.toolbar}>
        {toolbarStart}
        <div className={styles.sorts} role="group" aria-label="排序">
          {sorts.map((option) => (
            <ToggleButton
              key={option.value}
              size="small"
              appearance="subtle"
              checked={sort === option.value}
              onClick={() => update({ sort: option.value === 'DEFAULT' ? null : option.value, page: null })}
            >
              {option.label}
            </ToggleButton>
          ))}
        </div>
        <div className={styles.end}>
          {views.length > 1 ? (
            <nav className={styles.views} aria-label="显示方式">
              {views.map((option) => (
                <Link
                  key={option}
                  className={mergeClasses(styles.view, option === view && styles.viewCurrent)}
                  to={listViewPath(basePath, option, location.search)}
                  aria-current={option === view ? 'page' : undefined}
                >
                  {LIST_VIEW_LABELS[option]}
                </Link>
              ))}
            </nav>
          ) : null}
          {list ? <h2 className={styles.total}>共 {list.total} 件商品</h2> : null}
        </div>
      </div>
      {loading && !list ? (
        <GoodsGridSkeleton label={`${label}加载中`} />
      ) : list && list.items.length === 0 ? (
        <EmptyState title={emptyText}>换个关键词或分类试试</EmptyState>
      ) : list && view === 'table' ? (
        <GoodsTable
          goods={list.items}
          label={label}
          sort={sort}
          onSort={(next) => update({ sort: next === 'DEFAULT' ? null : next, page: null })}
        />
      ) : list && view === 'no_image' ? (
        <GoodsCompactList goods={list.items} label={label} />
      ) : list ? (
        <GoodsGrid goods={list.items} label={label} empty={null} showExpiry={filter.zone === 'NEAR_EXPIRY'} />
      ) : (
        <EmptyState title={error ? '商品暂时无法加载' : emptyText}>请稍后刷新页面重试</EmptyState>
      )}
      {list ? (
        <Pager
          page={list.page}
          total={list.total}
          pageSize={list.pageSize}
          onGo={(next) => update({ page: String(next) })}
        />
      ) : null}
    </>
  );
}
