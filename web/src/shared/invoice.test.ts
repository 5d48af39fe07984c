import { describe, expect, it } from 'vitest';
import { invoiceChoices, offeredChoice } from './invoice';

const byType = (choices: ReturnType<typeof invoiceChoices>) => Object.fromEntries(choices.map((c) => [c.type, c]));

describe('the confirm page’s invoice choices (INVOICE-10, INVOICE-11)', () => {
  it('offers all three for devices with a complete title', () => {
    const choices = invoiceChoices({ noneAllowed: true, vatSpecialAllowed: true, missingForVatSpecial: [] });
    expect(choices.map((c) => [c.label, c.disabled])).toEqual([
      ['不开发票', false],
      ['电子普通发票', false],
      ['增值税电子专用发票', false],
    ]);
  });

  it('disables 不开发票 for drugs with the reason, and the 专票 with what the title lacks and a way to complete it', () => {
    const choices = byType(
      invoiceChoices({
        noneAllowed: false,
        noneReason: '订单含药品（阿莫西林胶囊），按GSP规定须开具发票',
        vatSpecialAllowed: false,
        missingForVatSpecial: ['开户银行', '银行账号'],
      }),
    );
    expect(choices['NONE']).toMatchObject({
      disabled: true,
      reason: '订单含药品（阿莫西林胶囊），按GSP规定须开具发票',
      completeTitle: false,
    });
    expect(choices['ORDINARY']).toMatchObject({ disabled: false, reason: null });
    expect(choices['VAT_SPECIAL']).toMatchObject({
      disabled: true,
      reason: '需完整的发票抬头资料，尚缺：开户银行、银行账号',
      completeTitle: true,
    });
  });

  it('offers only the ordinary invoice until the choices are known', () => {
    expect(
      invoiceChoices(undefined)
        .filter((c) => !c.disabled)
        .map((c) => c.type),
    ).toEqual(['ORDINARY']);
  });

  it('sends the ordinary invoice when the buyer’s choice is no longer offered', () => {
    const drugs = invoiceChoices({ noneAllowed: false, vatSpecialAllowed: true, missingForVatSpecial: [] });
    expect(offeredChoice('NONE', drugs)).toBe('ORDINARY');
    expect(offeredChoice('VAT_SPECIAL', drugs)).toBe('VAT_SPECIAL');
    expect(offeredChoice('VAT_SPECIAL', invoiceChoices(undefined))).toBe('ORDINARY');
  });
});
