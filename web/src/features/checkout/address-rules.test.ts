import { describe, expect, it } from 'vitest';
import { validateAddress } from './address-rules';

const filled = {
  consignee: '李明',
  phone: '13905710001',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路 388 号',
};

describe('the inline address form', () => {
  it('lets a complete address with a mobile or landline phone through', () => {
    expect(validateAddress(filled)).toEqual({});
    expect(validateAddress({ ...filled, phone: '0571-88776655' })).toEqual({});
  });

  it('names every empty field, blanks counting as empty', () => {
    expect(validateAddress({ ...filled, consignee: '  ', city: '' })).toEqual({
      consignee: '请填写收货人',
      city: '请填写城市',
    });
  });

  it('refuses a phone that breaks the rule of VAL-02', () => {
    expect(validateAddress({ ...filled, phone: '12345678901' }).phone).toMatch(/手机号码/);
  });
});
