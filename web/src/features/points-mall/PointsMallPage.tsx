import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { PointsGoodsCard_GoodsFragment } from '../../gql/graphql';
import { pageVariables } from '../../shared/list-page/list-search';
import { preloadAll } from '../../shared/preload';
import { loginPath } from '../../shared/redirect';
import { ExchangeDialog } from './ExchangeDialog';
import { grouping, PointsGoodsCard } from './PointsGoodsCard';

export const PointsMallQuery = graphql(`
  query PointsMall($page: Int!, $pageSize: Int!) {
    pointsGoods(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        ...PointsGoodsCard_goods
      }
    }
    me {
      id
      wallet {
        points
      }
    }
  }
`);

const PAGE_SIZE = 12;

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(
    client.query({ query: PointsMallQuery, variables: pageVariables(params, PAGE_SIZE), fetchPolicy: 'network-only' }),
  );
}

const useStyles = makeStyles({
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { margin: 0 },
  intro: { margin: `${tokens.spacingVerticalXXS} 0 0`, color: tokens.colorNeutralForeground3 },
  balance: {
    margin: 0,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: `0 ${tokens.spacingHorizontalM}`,
  },
  visitor: { margin: 0 },
  points: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  pager: { marginTop: tokens.spacingVerticalL },
});

/** /jfsc (积分商城): goods the company's points buy; visitors see the shelf and are asked to sign in to exchange. */
export default function PointsMallPage() {
  const styles = useStyles();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { data, loading, error } = useQuery(PointsMallQuery, {
    variables: pageVariables(params, PAGE_SIZE),
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const [exchanging, setExchanging] = useState<PointsGoodsCard_GoodsFragment | null>(null);
  const points = data?.me ? data.me.wallet.points : null;
  const loginTo = loginPath(location);
  const list = data?.pointsGoods;

  return (
    <>
      <div className={styles.head}>
        <div>
          <SectionHeading className={styles.heading}>积分商城</SectionHeading>
          <p className={styles.intro}>订单完成后每支付1元得1积分，积分可兑换礼品与门店用品，兑换后由平台寄出。</p>
        </div>
        {data === undefined ? null : points === null ? (
          <p className={styles.visitor}>
            <Link to={loginTo}>登录</Link>后查看可用积分并兑换
          </p>
        ) : (
          <p className={styles.balance}>
            <span>
              可用积分 <span className={styles.points}>{grouping.format(points)}</span>
            </span>
            <Link to="/wdqb/jfgl">积分明细</Link>
            <Link to="/jfdd">积分订单</Link>
          </p>
        )}
      </div>
      <ListStates
        list={list}
        loading={loading}
        error={error}
        loadingView={<GoodsGridSkeleton count={PAGE_SIZE} label="积分商品加载中" />}
        failedTitle="积分商品暂时无法加载"
        emptyTitle="积分商城暂无可兑换的商品"
        emptyHint="新的礼品上架后会显示在这里"
      >
        {(loaded) => (
          <>
            <CardGrid label="积分商品" minWidth={220} twoOnPhone>
              {loaded.items.map((goods) => (
                <PointsGoodsCard
                  key={goods.id}
                  goods={goods}
                  points={points}
                  loginTo={loginTo}
                  onExchange={setExchanging}
                />
              ))}
            </CardGrid>
            <div className={styles.pager}>
              <Pager
                page={loaded.page}
                total={loaded.total}
                pageSize={loaded.pageSize}
                onGo={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              />
            </div>
          </>
        )}
      </ListStates>
      {exchanging && points !== null ? (
        <ExchangeDialog goods={exchanging} points={points} onClose={() => setExchanging(null)} />
      ) : null}
    </>
  );
}
