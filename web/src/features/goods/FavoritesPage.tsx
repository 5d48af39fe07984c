import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatPrice } from '../../shared/money';
import { loginPath } from '../../shared/redirect';
import { useViewer } from '../../shared/viewer';
import { BuyControls } from './BuyControls';
import { useFavorite } from './favorite';
import { pageCount, pageParam } from '../../shared/page-param';
import { Pager } from '../../components/Pager';
import { marketTokens } from '../../theme/theme';

export const FavoritesQuery = graphql(`
  query Favorites($page: Int, $pageSize: Int) {
    favorites(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        name
        spec
        manufacturer
        packingUnit
        stock
        isBuyable
        isFavorite
        images
        price {
          fen
          amount
        }
      }
    }
  }
`);

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: '72px minmax(0, 1fr) 110px auto auto',
    alignItems: 'center',
    gap: '12px',
    padding: '10px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 760px)': { gridTemplateColumns: '64px minmax(0, 1fr)', gap: '8px 12px' },
  },
  name: { color: 'inherit', fontWeight: tokens.fontWeightSemibold, ':hover': { color: tokens.colorBrandForeground1 } },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  price: { color: marketTokens.colorPrice, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  soldOut: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteRedForeground1 },
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
      <h1 className={styles.heading}>我的收藏{list ? `（${list.total}）` : ''}</h1>
      {!list ? (
        <EmptyState title={error ? '收藏暂时无法加载' : loading || !viewer.known ? '收藏加载中' : '暂无收藏'} />
      ) : list.items.length === 0 ? (
        <EmptyState title="还没有收藏的商品">
          <Link to="/list">去逛逛</Link>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="收藏的商品">
          {list.items.map((goods) => (
            <li key={goods.id} className={styles.row}>
              <Link to={goodsDetailPath(goods.id)} tabIndex={-1} aria-hidden="true">
                <GoodsImage src={goods.images[0]} alt={goods.name} />
              </Link>
              <div>
                <Link className={styles.name} to={goodsDetailPath(goods.id)}>
                  {goods.name}
                </Link>
                <p className={styles.meta}>
                  {goods.spec ?? '—'} · {goods.manufacturer}
                </p>
                {!goods.isBuyable ? (
                  <p className={styles.soldOut}>暂不可购（不在经营范围内）</p>
                ) : goods.stock > 0 ? null : (
                  <p className={styles.soldOut}>已售罄</p>
                )}
              </div>
              <span className={`${styles.price} ${styles.wide}`}>
                {formatPrice(goods.price)}
                {goods.packingUnit ? `/${goods.packingUnit}` : ''}
              </span>
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
            </li>
          ))}
        </ul>
      )}
      {list ? <Pager page={list.page} total={list.total} pageSize={list.pageSize} onGo={goToPage} /> : null}
    </>
  );
}
