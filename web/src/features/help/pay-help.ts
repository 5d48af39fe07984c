import type { ArticlePage } from '../../gql/graphql';

/** INFO-03: the three pages of payment and delivery help, in the side menu's order; /help_pay shows the first. */
export const PAY_HELP_SECTIONS: readonly { page: ArticlePage; path: string; label: string }[] = [
  { page: 'ORDER_PAYMENT', path: '/help_zfps_ddzf', label: '订单支付' },
  { page: 'GOODS_DELIVERY', path: '/help_zfps_hwps', label: '货物配送' },
  { page: 'MEDICINE_RETURNS', path: '/help_zfps_ypth', label: '药品退换货' },
];

/** The section an address shows: its own, or the first for /help_pay and anything else. */
export function paySectionOf(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  const first = PAY_HELP_SECTIONS[0];
  if (!first) throw new Error('payment help has no sections');
  return PAY_HELP_SECTIONS.find((section) => section.path === path) ?? first;
}
