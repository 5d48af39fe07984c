import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

// The marketplace red (#cf2a30 at shade 80: 5.2:1 on white and 4.6:1 on the grey bars, WCAG AA for text), spread
// over Fluent's 16 brand shades. Fluent's brand tokens (colorBrandBackground, colorBrandForeground1, …) are read
// from these, so a primary Button is the marketplace red with no override.
const brand: BrandVariants = {
  10: '#0c0203',
  20: '#2a0a0c',
  30: '#460f13',
  40: '#5f1419',
  50: '#79191f',
  60: '#b1252b',
  70: '#c81623',
  80: '#cf2a30',
  90: '#e84f50',
  100: '#ec6363',
  110: '#ef7676',
  120: '#f28889',
  130: '#f59b9b',
  140: '#f8adad',
  150: '#fabfbf',
  160: '#fcd2d2',
};

/**
 * The marketplace colours Fluent has no token for. FluentProvider writes every key of its theme object as a CSS
 * variable (`--colorPrice`), so these travel with the theme like Fluent's own; components read them through
 * `marketTokens`, never as hex.
 */
const marketColours = {
  /** Prices and amounts: the brand red, named for what it marks so a later price colour changes in one place. */
  colorPrice: brand[80],
  /** The top banner strip behind the promotion picture. */
  colorBanner: brand[70],
  /** The dark bars: the category menu's panel and the side bar. */
  colorBarDark: '#2b2b2b',
  /** The seckill row's countdown digits. */
  colorCountdown: '#333333',
  /** The pale red behind a highlighted figure (member summary, detail price box). */
  colorBrandTint: '#fdecec',
  /** The darker end of the red gradient banners (activity header, lucky draw). */
  colorBrandGradientEnd: '#a8181e',
  /** The grey gradient's end for a finished activity. */
  colorOverGradientEnd: '#4a4a4a',
  /** The lucky-draw prize cards. */
  colorPrizeBackground: '#fff7f0',
  colorPrizeStroke: '#f5d0c0',
  /** Zone accents: the controlled-sales series badges cycle through these. */
  colorAccent1: brand[80],
  colorAccent2: '#1766c2',
  colorAccent3: '#16804a',
  colorAccent4: '#8a5a14',
  colorAccent5: '#5b3cc4',
  colorAccent6: '#0f7c8c',
};

type MarketColour = keyof typeof marketColours;

export const theme: Theme & typeof marketColours = {
  ...createLightTheme(brand),
  fontFamilyBase: "'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif",
  ...marketColours,
};

/** `var(--name)` for each marketplace colour, as Fluent's `tokens` are for its own. */
export const marketTokens = Object.fromEntries(
  Object.keys(marketColours).map((name) => [name, `var(--${name})`]),
) as Record<MarketColour, string>;

/** The zone accents in order, for lists that give each entry its own colour. */
export const accentTokens: readonly string[] = [
  marketTokens.colorAccent1,
  marketTokens.colorAccent2,
  marketTokens.colorAccent3,
  marketTokens.colorAccent4,
  marketTokens.colorAccent5,
  marketTokens.colorAccent6,
];
