import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

// The marketplace red (#cf2a30 at shade 80: 5.2:1 on white and 4.6:1 on the grey bars, WCAG AA for text), spread over Fluent's 16 brand shades.
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

export const theme: Theme = {
  ...createLightTheme(brand),
  fontFamilyBase: "'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif",
};
