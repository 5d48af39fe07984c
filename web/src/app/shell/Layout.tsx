import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { config } from '../../config';
import { useCartId } from '../../features/cart/cart-query';
import { useLiveCart } from '../../features/cart/use-live-cart';
import { SECONDARY } from '../../shared/error-policy';
import { noticeRaised, subscribeNoticeRaised } from '../../shared/notify';
import { composeTitle } from '../../shared/title';
import { mergeHandles, showsRightBar, type RouteHandle } from '../route-handle';
import { Header, LoginHeader } from './Header';
import { PHONE_CART_GUTTER_PX } from './phone-cart';
import { frameAsksForBase, ShellQuery } from './shell-query';
import { TopBanner } from './TopBanner';
import { TopBar } from './TopBar';

// Fetched when the first toast or dialog is raised: no first view needs it (ADR 0310).
const NoticeHost = lazy(() => import('../NoticeHost'));
// Fixed to the window's edge, so arriving after the first paint moves nothing (ADR 0302).
const SideBar = lazy(() => import('./SideBar'));
// Below the fold: arriving after the first paint moves nothing above it (bundle budget, ADR 0302).
const Footer = lazy(() => import('./Footer'));
// Only on the routes that show it (SHELL-19).
const SideNav = lazy(() => import('./SideNav'));
// Only on the routes that show them (SHELL-20).
const TopRightAd = lazy(() => import('./TopRightAd'));

const useStyles = makeStyles({
  // A thin bar while the next page's code or first data loads: the current page stays until it is ready.
  progress: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    zIndex: 50,
    height: '3px',
    backgroundColor: tokens.colorBrandBackground,
    transformOrigin: 'left',
    animationName: { from: { transform: 'scaleX(0.1)' }, to: { transform: 'scaleX(0.9)' } },
    animationDuration: '2s',
    animationTimingFunction: 'ease-out',
    animationFillMode: 'forwards',
  },
  main: {
    maxWidth: '1200px',
    minHeight: '60vh',
    margin: '0 auto',
    padding: '16px 12px',
    boxSizing: 'border-box',
    // Room for the 40 px side bar at widths where content would otherwise run under it.
    '@media (max-width: 1300px) and (min-width: 601px)': { paddingRight: '52px' },
    // The header sits right above on a phone: the page starts 12 px under it (SHELL-22).
    '@media (max-width: 600px)': { paddingTop: '12px' },
  },
  // SHELL-24: on a phone the side bar is a cart button at the window's right edge; the page keeps that strip free,
  // so no price or button ever scrolls under it, and its end scrolls clear of it.
  besidePhoneCart: {
    '@media (max-width: 600px)': { paddingRight: `${PHONE_CART_GUTTER_PX}px`, paddingBottom: '88px' },
  },
});

function useRouteHandle(): RouteHandle {
  return mergeHandles(useMatches().map((match) => match.handle));
}

/** The frame of every normal page; route handles decide the title and which parts show (SHELL-02). */
export function Layout() {
  const styles = useStyles();
  const handle = useRouteHandle();
  const location = useLocation();
  const navigation = useNavigation();
  // The frame's base data (me, site) as far as the cache holds it, whoever fetched it: the same document with the
  // base included, read without a request.
  const base = useQuery(ShellQuery, {
    variables: { withBase: true, withHeader: false },
    fetchPolicy: 'cache-only',
  }).data;
  // SHELL-15: on 会员中心, 登录 and 绑定微信 the page brings the buyer's base data; the frame shows what is known.
  const withBase = frameAsksForBase(location.pathname, base !== undefined);
  // Partial answers still draw the frame: a failed category call must not hide the search box. Every part of the
  // frame is secondary (ERR-10): the page's own query tells the buyer when the upstream is down.
  const { data, loading: shellLoading } = useQuery(ShellQuery, {
    variables: { withBase, withHeader: !handle.loginHeader },
    errorPolicy: 'all',
    context: SECONDARY,
  });
  const cartId = useCartId();
  // CART-30: one stream of the buyer's cart changes per tab, here in the frame every page shares.
  useLiveCart();
  // The server never raises one: the page hydrates without the host, whatever a previous page told.
  const noticesRaised = useSyncExternalStore(subscribeNoticeRaised, noticeRaised, () => false);

  // SHELL-18: the visitor-statistics script, once the page is idle, when the build is configured with one.
  // Its code is a chunk of its own, requested only when the build is configured with an address.
  useEffect(() => {
    const url = config.analyticsUrl;
    if (url) void import('./analytics').then(({ scheduleAnalytics }) => scheduleAnalytics(url));
  }, []);

  useEffect(() => {
    // A page named after what it shows sets the title itself once it knows it (`usePageTitle`).
    if (handle.titleFromPage) return;
    document.title = composeTitle(handle.title, config.siteTitle);
  }, [handle.title, handle.titleFromPage]);

  const site = base?.site ?? data?.site ?? null;
  const rightBar = showsRightBar(handle);
  // On the cart page itself the side bar leaves the phone alone (CART-14): its own 去结算 bar is at the bottom.
  const sideBarPanel = location.pathname !== '/cart';
  const me = base?.me ?? data?.me ?? null;
  if (handle.bare) {
    return (
      <>
        <main className={styles.main} id="main">
          <Outlet />
        </main>
        <ScrollRestoration />
      </>
    );
  }
  return (
    <>
      <TopBar user={me} site={site} />
      {handle.loginHeader ? (
        <LoginHeader text={handle.loginHeaderText} />
      ) : (
        <>
          <TopBanner banner={data?.topBanners?.[0]} pending={shellLoading && !data} />
          <Header
            site={site}
            user={me}
            categories={data?.categories ?? []}
            navLinks={data?.navLinks ?? []}
            hotSearches={data?.hotSearches ?? []}
            cartId={cartId}
            categoryMenuOpen={handle.categoryMenuOpen === true}
            categoryMenu={handle.categoryMenu ?? handle.categoryMenuFor?.(new URLSearchParams(location.search))}
          />
        </>
      )}
      <main className={mergeClasses(styles.main, rightBar && sideBarPanel && styles.besidePhoneCart)} id="main">
        {/* Inside the landmark so a screen reader finds it with the page it belongs to; it is drawn fixed at the top. */}
        {navigation.state === 'loading' ? (
          <div className={styles.progress} role="progressbar" aria-label="页面加载中" />
        ) : null}
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer helpCategories={data?.helpCategories ?? []} links={data?.links ?? []} seller={data?.seller ?? null} />
      </Suspense>
      {/* SHELL-02: a login-style header leaves the side bar out, unless the route keeps it (/register_dd). */}
      {rightBar ? (
        <Suspense fallback={null}>
          <SideBar site={site} cartId={cartId} signedIn={Boolean(me)} allowPanel={sideBarPanel} />
        </Suspense>
      ) : null}
      {handle.sideNav && data?.navLinks ? (
        <Suspense fallback={null}>
          <SideNav links={data.navLinks} />
        </Suspense>
      ) : null}
      {handle.topRightAd ? (
        <Suspense fallback={null}>
          <TopRightAd />
        </Suspense>
      ) : null}
      <ScrollRestoration getKey={(entry) => (handle.restoreScroll === false ? entry.key : entry.pathname)} />
      {noticesRaised ? (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      ) : null}
    </>
  );
}
