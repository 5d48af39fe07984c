import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { BoxCheckmarkRegular } from '@fluentui/react-icons/svg/box-checkmark';
import { CartRegular } from '@fluentui/react-icons/svg/cart';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { DocumentBulletListRegular } from '@fluentui/react-icons/svg/document-bullet-list';
import { GiftRegular } from '@fluentui/react-icons/svg/gift';
import { PaymentRegular } from '@fluentui/react-icons/svg/payment';
import { PersonRegular } from '@fluentui/react-icons/svg/person';
import { StarRegular } from '@fluentui/react-icons/svg/star';
import { TicketDiagonalRegular } from '@fluentui/react-icons/svg/ticket-diagonal';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons/svg/vehicle-truck-profile';
import { WalletRegular } from '@fluentui/react-icons/svg/wallet';
import type { ComponentType } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { OrderStatus } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { preloadAll } from '../../shared/preload';
import { loginPath } from '../../shared/redirect';
import { useViewer, ViewerQuery } from '../../shared/viewer';
import { marketTokens } from '../../theme/theme';

/**
 * The whole page in one request: `me` (the base answer the shell also reads), the coupon count, the wallet balance
 * and the cart, each one upstream call that the gateway makes once per operation.
 */
export const AccountPageQuery = graphql(`
  query AccountPage {
    me {
      id
      username
      company
      accountManager {
        name
        phone
        isDedicated
      }
      unusedCouponCount
      wallet {
        balance {
          fen
          amount
        }
      }
    }
    cart {
      id
      count
    }
  }
`);

/**
 * Route loader: the balance, coupons and cart are always read fresh (design notes), here rather than in the page,
 * so that the page renders from this one answer instead of asking again. Only for a known member: a visitor's
 * `cart` is UNAUTHENTICATED, and the error link would send them to sign in and come back to the page they are
 * leaving rather than to this one. On a first load nobody is known yet, and the page asks once the shell knows.
 */
export function preload(client: ApolloClient): Promise<null> {
  const signedIn = Boolean(client.readQuery({ query: ViewerQuery })?.me);
  return preloadAll(signedIn ? client.query({ query: AccountPageQuery, fetchPolicy: 'network-only' }) : null);
}

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/**
 * Counting orders by status would take one upstream call per status (`orders(status:)` reads a page each time), so
 * these are plain links into the order list's status tabs (`/order?status=UNPAID`, features/orders/order-tabs.ts).
 */
const ORDER_SHORTCUTS: readonly { status: OrderStatus; label: string; icon: Icon }[] = [
  { status: 'UNPAID', label: '待付款', icon: PaymentRegular },
  { status: 'PAID', label: '待发货', icon: BoxCheckmarkRegular },
  { status: 'SHIPPED', label: '待收货', icon: VehicleTruckProfileRegular },
  { status: 'DONE', label: '已完成', icon: DocumentBulletListRegular },
];

/** The member pages that exist (router.tsx). /dzht is left out: it is where a contract refusal sends a buyer. */
const TILES: readonly { to: string; label: string; icon: Icon }[] = [
  { to: '/order', label: '我的订单', icon: DocumentBulletListRegular },
  { to: '/star', label: '我的收藏', icon: StarRegular },
  { to: '/wdqb/yegl', label: '账户余额', icon: WalletRegular },
  { to: '/user/draw', label: '我的抽奖', icon: GiftRegular },
  { to: '/cart', label: '购物车', icon: CartRegular },
  { to: '/lqzx', label: '领券中心', icon: TicketDiagonalRegular },
];

const RED = tokens.colorBrandForeground1;

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  card: {
    marginBottom: '12px',
    padding: '20px 24px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '16px 32px',
  },
  identity: { display: 'flex', alignItems: 'center', gap: '16px', flexGrow: 1, flexBasis: '320px', minWidth: 0 },
  avatar: {
    flexShrink: 0,
    display: 'grid',
    placeItems: 'center',
    width: '64px',
    height: '64px',
    borderRadius: '50%',
    fontSize: '36px',
    color: RED,
    backgroundColor: marketTokens.colorBrandTint,
    '@media (max-width: 600px)': { width: '48px', height: '48px', fontSize: '28px' },
  },
  who: { display: 'grid', gap: '4px', minWidth: 0 },
  company: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    overflowWrap: 'anywhere',
  },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    margin: 0,
    flexGrow: 1,
    flexBasis: '420px',
    '@media (max-width: 600px)': { flexBasis: '100%' },
  },
  stat: {
    display: 'flex',
    flexDirection: 'column-reverse',
    alignItems: 'center',
    gap: '4px',
    padding: '4px 8px',
    textAlign: 'center',
    ':not(:first-child)': { borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
  },
  statLabel: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  statValue: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: RED,
    overflowWrap: 'anywhere',
    '@media (max-width: 600px)': { fontSize: tokens.fontSizeBase400 },
  },
  unit: { marginLeft: '2px', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular },
  sectionHead: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    marginBottom: '12px',
  },
  sectionTitle: {
    margin: 0,
    paddingLeft: '10px',
    borderLeft: `4px solid ${RED}`,
    fontSize: tokens.fontSizeBase400,
  },
  more: {
    display: 'inline-flex',
    alignItems: 'center',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    textDecorationLine: 'none',
    ':hover': { color: RED },
  },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: '8px',
  },
  orderGrid: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  tileGrid: {
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    padding: '16px 4px',
    minHeight: '44px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textAlign: 'center',
    textDecorationLine: 'none',
    ':hover': { color: RED, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    '@media (max-width: 600px)': { padding: '12px 4px' },
  },
  entryIcon: { fontSize: '28px', color: RED },
  tileIcon: {
    display: 'grid',
    placeItems: 'center',
    width: '48px',
    height: '48px',
    borderRadius: '50%',
    fontSize: '26px',
    color: RED,
    backgroundColor: marketTokens.colorBrandTint,
  },
});

/** /user (user_hyzx, 会员中心): who the buyer is, what they hold, and the way into every member page. */
export default function AccountPage() {
  const styles = useStyles();
  const location = useLocation();
  const viewer = useViewer();
  // Usually answered by the loader a moment ago; this reads that answer and follows later cart changes.
  const { data, loading } = useQuery(AccountPageQuery, { skip: !viewer.signedIn });
  // The shell's `me` says who is browsing, as the wallet page's own `me` does there: this page is not asked for a
  // visitor (see preload), who goes to sign in and comes back here.
  if (viewer.known && !viewer.signedIn) return <Navigate to={loginPath(location)} replace />;
  const me = data?.me;
  if (!me || !data.cart) {
    return (
      <>
        <h1 className={styles.heading}>会员中心</h1>
        <EmptyState title={loading || !viewer.known ? '正在加载会员信息…' : '会员信息暂时无法加载'} />
      </>
    );
  }
  const manager = me.accountManager;
  return (
    <>
      <h1 className={styles.heading}>会员中心</h1>
      <section className={mergeClasses(styles.card, styles.summary)} aria-label="账户概况">
        <div className={styles.identity}>
          <span className={styles.avatar}>
            <PersonRegular aria-hidden />
          </span>
          <div className={styles.who}>
            <h2 className={styles.company}>{me.company ?? me.username}</h2>
            <p className={styles.meta}>登录账号：{me.username}</p>
            {manager ? (
              <p className={styles.meta}>
                {manager.isDedicated ? '专属客服' : '客户经理'}：{manager.name} {manager.phone}
              </p>
            ) : null}
          </div>
        </div>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>账户余额</dt>
            <dd className={styles.statValue}>{formatPrice(me.wallet.balance)}</dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>可用优惠券</dt>
            <dd className={styles.statValue}>
              {me.unusedCouponCount}
              <span className={styles.unit}>张</span>
            </dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>购物车商品</dt>
            <dd className={styles.statValue}>
              {data.cart.count}
              <span className={styles.unit}>种</span>
            </dd>
          </div>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="account-orders">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="account-orders">
            我的订单
          </h2>
          <Link className={styles.more} to="/order">
            全部订单
            <ChevronRightRegular aria-hidden />
          </Link>
        </div>
        <ul className={mergeClasses(styles.grid, styles.orderGrid)}>
          {ORDER_SHORTCUTS.map(({ status, label, icon: ShortcutIcon }) => (
            <li key={status}>
              <Link className={styles.entry} to={`/order?status=${status}`}>
                <ShortcutIcon className={styles.entryIcon} aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <nav className={styles.card} aria-labelledby="account-tiles">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="account-tiles">
            常用功能
          </h2>
        </div>
        <ul className={mergeClasses(styles.grid, styles.tileGrid)}>
          {TILES.map(({ to, label, icon: TileIcon }) => (
            <li key={to}>
              <Link className={styles.entry} to={to}>
                <span className={styles.tileIcon}>
                  <TileIcon aria-hidden />
                </span>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
