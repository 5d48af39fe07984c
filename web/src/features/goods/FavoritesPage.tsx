import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsImage } from '../../components/GoodsImage';
import { GoodsSummary } from '../../components/GoodsSummary';
import { GoodsPrice } from '../../components/GoodsPrice';
import { RowList } from '../../components/RowList';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { loginPath } from '../../shared/redirect';
import { useViewer } from '../../shared/viewer';
import { BuyControls } from './BuyControls';
import { useFavorite } from './favorite';
import { pageCount, pageParam } from '../../shared/page-param';
import { Pager } from '../../components/Pager';

export const FavoritesQuery = graphql(`
  query Favorites($page: Int, $pageSize: Int) {
    favorites(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        isFavorite
        images
        ...GoodsSummary_goods
        ...GoodsAvailability_goods
        ...GoodsPrice_goods
        ...BuyControls_goods
      }
    }
  }
`);

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  row: {
    gridTemplateColumns: '72px minmax(0, 1fr) 110px auto auto',
    '@media (max-width: 760px)': { gridTemplateColumns: '64px minmax(0, 1fr)', gap: '8px 12px' },
  },
  soldOut: { display: 'block', fontSize: tokens.fontSizeBase200 },
  wide: { '@media (max-width: 760px)': { gridColumn: '2', justifySelf: 'start' } },
});

/** /star (zzfw_wdsc): the buyer's favourite goods, latest first, paged in the address, each with 取消收藏. */
export default function FavoritesPage() {
  const styles = useStyles();
  const viewer = useViewer();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, loading, error } = useQuery(FavoritesQuery, {
    variables: { page, pageSize: PAGE_SIZE },
    skip: !viewer.signedIn,
  });
  const { setFavorite, pending } = useFavorite();

  if (viewer.known && !viewer.signedIn) return <Navigate to={loginPath(location)} replace />;

  const list = data?.favorites;
  const pages = list ? pageCount(list.total, list.pageSize) : 1;
  // Cancelling the last goods of the last page leaves an empty page: the buyer is moved to the one before.
  if (list && list.items.length === 0 && page > 1 && page > pages) {
    return <Navigate to={pages > 1 ? `/star?page=${pages}` : '/star'} replace />;
  }
  const goToPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <>
      <SectionHeading>我的收藏{list ? `（${list.total}）` : ''}</SectionHeading>
      {!list ? (
        <EmptyState title={error ? '收藏暂时无法加载' : loading || !viewer.known ? '收藏加载中' : '暂无收藏'} />
      ) : list.items.length === 0 ? (
        <EmptyState title="还没有收藏的商品">
          <Link to="/list">去逛逛</Link>
        </EmptyState>
      ) : (
        <RowList
          label="收藏的商品"
          items={list.items}
          rowClassName={styles.row}
          render={(goods) => (
            <>
              <Link to={goodsDetailPath(goods.id)} tabIndex={-1} aria-hidden="true">
                <GoodsImage src={goods.images[0]} alt={goods.name} />
              </Link>
              <GoodsSummary goods={goods} layout="row">
                <GoodsAvailability goods={goods} className={styles.soldOut} />
              </GoodsSummary>
              <GoodsPrice className={styles.wide} goods={goods} />
              <div className={styles.wide}>
                <BuyControls goods={goods} />
              </div>
              <Button
                className={styles.wide}
                appearance="subtle"
                disabled={pending}
                aria-label={`取消收藏 ${goods.name}`}
                onClick={() => void setFavorite(goods.id, false)}
              >
                取消收藏
              </Button>
            </>
          )}
        />
      )}
      {list ? <Pager page={list.page} total={list.total} pageSize={list.pageSize} onGo={goToPage} /> : null}
    </>
  );
}
