import { describe, expect, it } from 'vitest';
import { checkFields } from '../../shared/form/rules';
import { returnRules } from './return-rules';

describe('the return form (AFTER-04)', () => {
  const rules = returnRules(3, '盒');

  it('takes 1 to what the line may still ask back, with a reason', () => {
    expect(checkFields(rules, { number: '1', reason: '商品破损', description: '' })).toEqual({});
    expect(checkFields(rules, { number: '3', reason: '商品破损', description: '' })).toEqual({});
  });

  it('refuses a quantity outside that range or not whole, in the units of the line', () => {
    for (const number of ['0', '4', '1.5', '', '-1']) {
      expect(checkFields(rules, { number, reason: '商品破损', description: '' }), number).toEqual({
        number: '退货数量应在1到3盒之间',
      });
    }
  });

  it('needs a reason, and the buyer’s own words only when the reason is 其他', () => {
    expect(checkFields(rules, { number: '1', reason: '', description: '' })).toEqual({ reason: '请选择退货原因' });
    expect(checkFields(rules, { number: '1', reason: '其他', description: '  ' })).toEqual({
      description: '请说明退货原因',
    });
    expect(checkFields(rules, { number: '1', reason: '其他', description: '包装与描述不符' })).toEqual({});
  });
});
