import { describe, expect, it } from 'vitest';
import { PAY_HELP_SECTIONS, paySectionOf } from './pay-help';

describe('payment and delivery help (INFO-03)', () => {
  it('shows each subpage at its own address', () => {
    expect(paySectionOf('/help_zfps_ddzf').page).toBe('ORDER_PAYMENT');
    expect(paySectionOf('/help_zfps_hwps').page).toBe('GOODS_DELIVERY');
    expect(paySectionOf('/help_zfps_ypth/').page).toBe('MEDICINE_RETURNS');
  });

  it('shows order payment, the first, at /help_pay', () => {
    expect(paySectionOf('/help_pay')).toBe(PAY_HELP_SECTIONS[0]);
    expect(paySectionOf('/help_pay').label).toBe('订单支付');
  });
});
