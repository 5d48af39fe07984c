import { describe, expect, it } from 'vitest';
import { checkFields } from '../../shared/form/rules';
import { checkFeedback, checkVarietyRequest, VARIETY_RULES, yuanToFen } from './request-rules';

const filled = {
  name: ' 注射用头孢曲松钠 ',
  spec: '1g*10瓶',
  manufacturer: '上海罗氏制药有限公司',
  approvalNumber: '',
  quantity: '200',
  expectedPrice: '28.5',
  remark: '',
};

describe('the variety request form (REQ-01)', () => {
  it('reads a price in yuan as integer fen by its digits, and refuses anything else', () => {
    expect(yuanToFen('28.5')).toBe(2850);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen(' 1200 ')).toBe(120000);
    expect(yuanToFen('')).toBeNull();
    for (const bad of ['12.345', '-1', '1e3', '１２', '12.', 'abc']) expect(yuanToFen(bad), bad).toBeUndefined();
  });

  it('sends trimmed text, the quantity and the price in fen; optional fields left empty are none', () => {
    expect(checkVarietyRequest(filled)).toEqual({
      submission: {
        name: '注射用头孢曲松钠',
        spec: '1g*10瓶',
        manufacturer: '上海罗氏制药有限公司',
        approvalNumber: null,
        quantity: 200,
        expectedPriceFen: 2850,
        remark: null,
      },
    });
    expect(checkVarietyRequest({ ...filled, expectedPrice: '' })).toMatchObject({
      submission: { expectedPriceFen: null },
    });
  });

  it('names each failing field in the upstream words', () => {
    expect(
      checkVarietyRequest({
        ...filled,
        name: ' ',
        spec: '规'.repeat(51),
        quantity: '1.5',
        expectedPrice: '0',
        remark: '备'.repeat(201),
      }),
    ).toEqual({
      errors: {
        name: '请填写品种名称',
        spec: '规格最多50个字',
        quantity: '求购数量必须是1到1000000之间的整数',
        expectedPrice: '期望价格请填写0.01到1000000元之间的金额，最多两位小数',
        remark: '备注最多200个字',
      },
    });
  });

  it('gives the same messages field by field as the form checks them', () => {
    expect(checkFields(VARIETY_RULES, { ...filled, quantity: '0', expectedPrice: '1000000.01' })).toEqual({
      quantity: '求购数量必须是1到1000000之间的整数',
      expectedPrice: '期望价格请填写0.01到1000000元之间的金额，最多两位小数',
    });
    expect(checkFields(VARIETY_RULES, { ...filled, quantity: '1000000', expectedPrice: '1000000' })).toEqual({});
  });
});

describe('the feedback form (REQ-04)', () => {
  it('needs a type, 5 to 500 characters as a buyer counts them and, when given, a mobile number', () => {
    expect(checkFeedback({ type: 'SITE', content: '希望增加效期筛选', phone: '', email: '' })).toEqual({});
    expect(checkFeedback({ type: 'OTHER', content: '𠮷'.repeat(500), phone: '13812345678', email: '' })).toEqual({});
    expect(checkFeedback({ type: '', content: '太短', phone: '12345678901', email: '' })).toEqual({
      type: '请选择反馈类型',
      content: '反馈内容至少5个字',
      phone: '请输入正确的手机号',
    });
    expect(checkFeedback({ type: 'GOODS', content: '希'.repeat(10_000), phone: '', email: '' })).toEqual({
      content: '反馈内容最多500个字',
    });
  });

  it('REQ-04, VAL-03: the contact email is optional and, when given, follows the rule in its words', () => {
    const form = { type: 'SITE', content: '希望增加效期筛选', phone: '' } as const;
    for (const email of ['', '   ', 'buyer_1@yao.com', ' a-b@x.com.cn ']) {
      expect(checkFeedback({ ...form, email }), email).toEqual({});
    }
    // No dot before the @ (a.b@x is refused on both counts), and the domain needs a dot.
    for (const email of ['a.b@x', 'a.b@x.com', 'ab@x', 'a+b@x.com', '@x.com', 'ab@.com']) {
      expect(checkFeedback({ ...form, email }), email).toEqual({ email: '请输入正确的邮箱地址' });
    }
    expect(checkFeedback({ ...form, phone: '123', email: 'a.b@x' })).toEqual({
      phone: '请输入正确的手机号',
      email: '请输入正确的邮箱地址',
    });
  });
});
