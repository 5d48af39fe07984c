import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { preloadForMember } from '../../shared/preload';
import { preloadReorder, ReorderPanel, REORDER_LIMIT } from '../../shared/reorder/ReorderPanel';
import { quickBuySearch, quickBuyState, type QuickBuyState } from './quick-buy-params';
import { QuickBuyRow } from './QuickBuyRow';
import { QuickBuyTools } from './QuickBuyTools';
import { useRowTableStyles } from '../../shared/list-page/row-table-styles';

export const QuickPurchasePageQuery = graphql(`
  query QuickPurchasePage($page: Int, $pageSize: Int, $order: QuickPurchaseOrder, $keyword: String) {
    quickPurchase(page: $page, pageSize: $pageSize, order: $order, keyword: $keyword) {
      total
      page
      pageSize
      items {
        id
        name
        manufacturer
        spec
        packingUnit
        image
        lastPrice {
          ...Price_money
        }
        lastQuantity
        lastOrderedAt
        timesBought
        price {
          ...Price_money
        }
        stock
        isBuyable
        unavailableReason
      }
    }
  }
`);

const PAGE_SIZE = 20;

/** The list's variables for a state read from the address: the loader and the page ask the same. */
function variablesOf(state: QuickBuyState) {
  return { page: state.page, pageSize: PAGE_SIZE, order: state.order, keyword: state.keyword || null };
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadForMember(client, () => [
    client.query({
      query: QuickPurchasePageQuery,
      variables: variablesOf(quickBuyState(params)),
      fetchPolicy: 'network-only',
    }),
    preloadReorder(client, REORDER_LIMIT),
  ]);
}

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
});

/** /kjcg (/zzfw_kjcg): what the buyer bought before, one row per goods, each one click from the cart. */
export default function QuickPurchasePage() {
  const styles = useStyles();
  const rows = useRowTableStyles();
  const { filter: state, go } = useListSearch(quickBuyState, quickBuySearch);
  const { data, loading, error } = useQuery(QuickPurchasePageQuery, {
    variables: variablesOf(state),
    // Today's prices and stock, not those of the last visit.
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const list = data?.quickPurchase;

  return (
    <>
      <SectionHeading>快捷采购</SectionHeading>
      <p className={styles.intro}>您采购过的商品都在这里，按上次的数量一键加入购物车；价格和库存以今日为准。</p>
      {/* REORDER-05: every goods due, above what the buyer bought. */}
      <ReorderPanel limit={REORDER_LIMIT} />
      <QuickBuyTools key={state.keyword} state={state} onChange={go} />
      <ListState
        list={list}
        loading={loading}
        error={error}
        noun="采购记录"
        loadingTitle="正在加载采购过的商品…"
        empty={{
          title: state.keyword ? '没有找到匹配的商品' : '还没有采购记录',
          hint: state.keyword ? (
            '换个关键词试试'
          ) : (
            <>
              下单后，买过的商品会出现在这里。<Link to="/list">去商品列表看看</Link>
            </>
          ),
        }}
      >
        {(page) => (
          <table className={rows.table} aria-label="采购过的商品">
            <thead>
              <tr>
                <th scope="col">商品</th>
                <th scope="col">上次单价</th>
                <th scope="col">上次数量</th>
                <th scope="col">最近购买</th>
                <th scope="col">购买次数</th>
                <th scope="col">今日价格</th>
                <th scope="col">库存</th>
                <th scope="col">
                  <span className={styles.nowrap}>操作</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <QuickBuyRow key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        )}
      </ListState>
      <ListPager list={list} page={state.page} onGo={(page) => go({ page })} unit="种商品" />
    </>
  );
}
