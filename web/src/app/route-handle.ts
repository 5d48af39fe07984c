import type { MenuVariant } from '../shared/zones';

/** What a route tells the frame (SHELL-02's route flags). */
export interface RouteHandle {
  /** The route's part of the document title, "{title}-{site title}". */
  title?: string;
  /** The page sets the title itself (`usePageTitle`), for pages named after what they show (a goods detail). */
  titleFromPage?: boolean;
  /** Login-style header: no search, menus, top banner or side bar. */
  loginHeader?: boolean;
  /** What the login-style header says beside the logo (欢迎登录 unless told). */
  loginHeaderText?: string;
  /** The header's category list stays open (the home page lays its carousel out beside it). */
  categoryMenuOpen?: boolean;
  /** False when the route starts at the top every time instead of where the buyer left it. */
  restoreScroll?: boolean;
  /** The header's category menu shows this zone's tree instead of all goods (SHELL-06). */
  categoryMenu?: MenuVariant;
  /** The category menu chosen by the address's query, for pages shared by zones (/list?yx=1 is the preferred zone). */
  categoryMenuFor?: (params: URLSearchParams) => MenuVariant | undefined;
  /** The page alone, without top bar, header, footer or side bar (/yx/rule). */
  bare?: boolean;
  /** SHELL-19: the side nav (the navigation links with their pictures) beside the page. */
  sideNav?: boolean;
  /** SHELL-20: the top-right advertisements (banner slot RIGHT) beside the page. */
  topRightAd?: boolean;
  /** SHELL-02: the side bar (right bar) shows under a login-style header too (/register_dd). */
  rightBar?: boolean;
}

/** SHELL-02: the side bar shows on every normal page; a login-style header leaves it out unless the route keeps it. */
export function showsRightBar(handle: RouteHandle): boolean {
  return handle.loginHeader !== true || handle.rightBar === true;
}

/** What the matched routes tell the frame together, the deepest route's flags winning (SHELL-02). */
export function mergeHandles(handles: readonly unknown[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const handle of handles) Object.assign(merged, handle as RouteHandle | undefined);
  return merged;
}
