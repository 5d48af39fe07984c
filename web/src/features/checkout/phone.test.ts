import { describe, expect, it } from 'vitest';
import { isPhone } from '@pharma/domain/validation';

describe('the phone rule (VAL-01, VAL-02)', () => {
  it('accepts eleven-digit mobile numbers starting 13 to 19', () => {
    for (const phone of ['13800138000', '19912345678', '15012345678', ' 13800138000 ']) {
      expect(isPhone(phone), phone).toBe(true);
    }
  });

  it('refuses mobile numbers of the wrong length or second digit', () => {
    for (const phone of ['12800138000', '10800138000', '1380013800', '138001380001', '23800138000', '']) {
      expect(isPhone(phone), phone).toBe(false);
    }
  });

  it('accepts landlines with a 0-led area code of three or four digits and a 7-8 digit number', () => {
    for (const phone of ['020-12345678', '0755-1234567', '010-1234567']) expect(isPhone(phone), phone).toBe(true);
  });

  it('refuses landlines without the hyphen, the leading 0, or with a number of the wrong length', () => {
    for (const phone of [
      '02012345678',
      '20-12345678',
      '020-123456',
      '020-123456789',
      '07555-1234567',
      '020 12345678',
    ]) {
      expect(isPhone(phone), phone).toBe(false);
    }
  });
});
