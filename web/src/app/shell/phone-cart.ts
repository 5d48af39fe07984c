/**
 * SHELL-24: on a phone the side bar is one cart button, this wide, at the window's right edge. The page's column
 * (Layout) and the footer keep a strip this wide plus a gap free beside it, so the button covers no price or button
 * at any scroll position. Its own module: the frame needs the number before the side bar's code is loaded.
 */
export const PHONE_CART_BUTTON_PX = 32;
export const PHONE_CART_GUTTER_PX = PHONE_CART_BUTTON_PX + 8;
