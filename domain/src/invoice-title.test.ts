import { describe, expect, it } from 'vitest';
import {
  TitleText,
  isDrugApproval,
  missingForVatSpecial,
  taxIdProblem,
  titleProblems,
  usccCheckCharacter,
} from './invoice-title';

const complete = {
  name: '杭州仁和大药房连锁有限公司',
  taxId: '91330106MA27XK8P1K',
  address: '浙江省杭州市西湖区文三路90号',
  phone: '0571-88886666',
  bank: '中国工商银行杭州文三路支行',
  bankAccount: '1202 0212 0900 0012 345',
};

describe('统一社会信用代码 check character (VAL-27, GB 32100-2015)', () => {
  it('accepts real companies’ codes', () => {
    // 华为技术有限公司, 阿里巴巴（中国）网络技术有限公司, 腾讯科技（深圳）有限公司, 中国石油化工股份有限公司.
    for (const code of ['914403001922038216', '91330100716105852F', '9144030071526726XG', '91110000802100433B']) {
      expect(taxIdProblem(code), code).toBeUndefined();
    }
  });

  it('computes the check character, 0 when the weighted sum divides by 31, none off the alphabet', () => {
    expect(usccCheckCharacter('91330100716105852')).toBe('F');
    expect(usccCheckCharacter('91440300715267263')).toBe('0');
    expect(usccCheckCharacter('9133010071610585a')).toBeUndefined();
    expect(usccCheckCharacter('9144030071526726X')).toBe('G');
  });

  it('refuses one character changed, two swapped, or a wrong shape', () => {
    expect(taxIdProblem('914403001922038217')).toBe(TitleText.taxIdCheck);
    expect(taxIdProblem('91330100716105825F')).toBe(TitleText.taxIdCheck);
    expect(taxIdProblem('9144030071526726XH')).toBe(TitleText.taxIdCheck);
    expect(taxIdProblem('91330100716105852')).toBe(TitleText.taxIdShape);
    expect(taxIdProblem('91330100716105852f')).toBe(TitleText.taxIdShape);
    expect(taxIdProblem('9133010071610585IO')).toBe(TitleText.taxIdShape);
    expect(taxIdProblem('  ')).toBe(TitleText.taxIdRequired);
  });
});

describe('invoice title fields (VAL-28..VAL-30)', () => {
  it('takes a complete title, with a landline or a mobile and a spaced account', () => {
    expect(titleProblems(complete)).toEqual({});
    expect(titleProblems({ ...complete, phone: '13812345678' })).toEqual({});
  });

  it('names each wrong field', () => {
    expect(
      titleProblems({
        name: ' ',
        taxId: '91330106MA27XK8P1A',
        address: '',
        phone: '88886666',
        bank: '',
        bankAccount: '12a45678',
      }),
    ).toEqual({
      name: TitleText.nameRequired,
      taxId: TitleText.taxIdCheck,
      phone: TitleText.phone,
      bankAccount: TitleText.bankAccount,
    });
    expect(titleProblems({ ...complete, bankAccount: '1234567' }).bankAccount).toBe(TitleText.bankAccount);
    expect(titleProblems({ ...complete, bankAccount: '1'.repeat(31) }).bankAccount).toBe(TitleText.bankAccount);
    expect(titleProblems({ ...complete, address: '路'.repeat(101) }).address).toBe(TitleText.address);
  });
});

describe('what a 专票 still needs (INVOICE-11)', () => {
  it('lists the empty fields in the form’s order', () => {
    expect(missingForVatSpecial(complete)).toEqual([]);
    expect(missingForVatSpecial({ ...complete, phone: '', bankAccount: ' ' })).toEqual(['注册电话', '银行账号']);
    expect(missingForVatSpecial(null)).toEqual([
      '发票抬头名称',
      '纳税人识别号',
      '注册地址',
      '注册电话',
      '开户银行',
      '银行账号',
    ]);
  });
});

describe('a drug is a goods with a 国药准字 (INVOICE-10)', () => {
  it('tells drugs from devices and goods without a number', () => {
    expect(isDrugApproval('国药准字H20033029')).toBe(true);
    expect(isDrugApproval('浙械注准20152140567')).toBe(false);
    expect(isDrugApproval('')).toBe(false);
    expect(isDrugApproval(null)).toBe(false);
  });
});
