/** CART-14: the cart side panel is 40 px wide collapsed and 310 px expanded; the side bar's pop-ups open beside it. */
export const PANEL_COLLAPSED_PX = 40;
export const PANEL_EXPANDED_PX = 310;
