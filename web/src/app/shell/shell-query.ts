import { graphql } from '../../gql';

/**
 * Everything the frame of every page shows, in one request composed of the fragments of the parts that read it.
 * `me` also answers the shared viewer query (same cache field), so nothing asks twice who is signed in.
 * `withBase` asks for the buyer's base data (`me` and `site`, one upstream call: /api/user/base): SHELL-15 leaves
 * it out where the page supplies it. `withHeader` asks for what only the full header and the side bar show.
 */
export const ShellQuery = graphql(`
  query Shell($withBase: Boolean!, $withHeader: Boolean!) {
    me @include(if: $withBase) {
      id
      username
      company
      ...TopBar_user
    }
    site @include(if: $withBase) {
      ...TopBar_site
      ...Header_site
      ...SideBar_site
    }
    categories @include(if: $withHeader) {
      id
      ...CategoryMenu_category
    }
    navLinks @include(if: $withHeader) {
      id
      ...NavBar_link
      ...SideNav_link
    }
    hotSearches @include(if: $withHeader) {
      name
      url
    }
    topBanners: banners(slot: TOP) @include(if: $withHeader) {
      id
      image
      url
      title
    }
    helpCategories {
      ...Footer_helpCategory
    }
    links {
      ...Footer_link
    }
    seller {
      ...Footer_seller
    }
  }
`);

/**
 * SHELL-15: the routes whose page brings the buyer's base data itself, where the frame does not fetch it: 会员中心
 * (user_hyzx), 登录 (login) and 绑定微信 (zhzx_bdwx, whose alias leads to /bdwx).
 */
export const BASE_FETCH_SKIPPED_PATHS: readonly string[] = ['/user', '/login', '/bdwx'];

/**
 * SHELL-15: whether the frame asks for the base data on this path. Where it is skipped, what is already known is
 * shown; a first document load of a member page (/user, /bdwx) still asks once, because those pages wait to know who
 * is browsing before they ask anything themselves. The login page never asks: a visitor's page needs nothing of it.
 */
export function frameAsksForBase(pathname: string, baseKnown: boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!BASE_FETCH_SKIPPED_PATHS.includes(path)) return true;
  return path !== '/login' && !baseKnown;
}
