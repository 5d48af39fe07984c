import { describe, expect, it } from 'vitest';
import { checkFields } from '../../shared/form/rules';
import { TITLE_RULES, titleInput, type InvoiceTitleForm } from './invoice-title-rules';

const complete: InvoiceTitleForm = {
  name: '杭州康宁大药房连锁有限公司',
  taxId: '91330100716105852F',
  address: '浙江省杭州市西湖区文三路90号',
  phone: '0571-88886666',
  bank: '中国工商银行杭州文三路支行',
  bankAccount: '1202 0212 0900 0012 345',
};

describe('the invoice title form (VAL-27..VAL-30)', () => {
  it('takes a complete title and sends the account as digits', () => {
    expect(checkFields(TITLE_RULES, complete)).toEqual({});
    expect(titleInput({ ...complete, name: ' 杭州康宁大药房连锁有限公司 ' })).toEqual({
      ...complete,
      bankAccount: '1202021209000012345',
    });
  });

  it('names the wrong fields in the upstream’s words, and leaves what a 专票 alone needs optional', () => {
    expect(
      checkFields(TITLE_RULES, {
        ...complete,
        taxId: '91330100716105852G',
        phone: '5551234',
        bankAccount: '12ab',
      }),
    ).toEqual({
      taxId: '纳税人识别号校验位不正确，请核对营业执照上的统一社会信用代码',
      phone: '请输入正确的注册电话（手机号或固定电话，如 0571-88886666）',
      bankAccount: '银行账号应为8-30位数字',
    });
    expect(checkFields(TITLE_RULES, { ...complete, address: '', phone: '', bank: '', bankAccount: '' })).toEqual({});
    expect(checkFields(TITLE_RULES, { ...complete, name: '', taxId: '' })).toEqual({
      name: '请填写发票抬头名称',
      taxId: '请填写纳税人识别号',
    });
  });
});
