import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkCompany,
  checkInviteCode,
  checkNewPassword,
  checkResetCode,
  checkStore,
  isMobile,
  MOBILE_TEXT,
  PASSWORD_TEXT,
  USERNAME_TEXT,
} from './registration';

const ACCOUNT = {
  phone: '13712345678',
  code: '123456',
  username: 'new_buyer',
  password: 'pass1234',
  confirm: 'pass1234',
};

describe('the mobile number rule (VAL-01)', () => {
  it('accepts 11 digits starting 1 then 3 to 9, blanks around ignored', () => {
    for (const phone of ['13712345678', '19912345678', ' 15012345678 ']) expect(isMobile(phone), phone).toBe(true);
  });

  it('refuses other lengths, second digits and landlines', () => {
    for (const phone of ['12712345678', '10712345678', '1371234567', '137123456789', '020-12345678', '']) {
      expect(isMobile(phone), phone).toBe(false);
    }
  });
});

describe('registration step 1', () => {
  it('passes a complete, valid form', () => {
    expect(checkAccount(ACCOUNT)).toEqual({});
  });

  it('asks for every empty field', () => {
    expect(checkAccount({ phone: '', code: '', username: ' ', password: '', confirm: '' })).toEqual({
      phone: '请输入手机号',
      code: '请输入验证码',
      username: '请输入用户名',
      password: '请输入密码',
      confirm: '请再次输入密码',
    });
  });

  it('names each rule broken with the upstream’s words', () => {
    expect(
      checkAccount({
        phone: '12345678901',
        code: '12345',
        username: '1abc',
        password: 'abcdefgh',
        confirm: 'abcdefgx',
      }),
    ).toEqual({
      phone: MOBILE_TEXT,
      code: '验证码为6位数字',
      username: USERNAME_TEXT,
      password: PASSWORD_TEXT,
      confirm: '两次输入的密码不一致',
    });
  });

  it('holds usernames to 4-20 letters, digits or underscores not starting with a digit', () => {
    for (const username of ['abcd', '_abc', 'a'.repeat(20), 'Ab_12']) {
      expect(checkAccount({ ...ACCOUNT, username }).username, username).toBeUndefined();
    }
    for (const username of ['abc', 'a'.repeat(21), '9abc', 'ab-cd', '药房abc']) {
      expect(checkAccount({ ...ACCOUNT, username }).username, username).toBe(USERNAME_TEXT);
    }
  });

  it('holds passwords to 8-20 characters with both letters and digits', () => {
    for (const password of ['abcd1234', 'a1'.repeat(10), 'Ab1!@#$%']) {
      expect(checkAccount({ ...ACCOUNT, password, confirm: password }).password, password).toBeUndefined();
    }
    for (const password of ['abc1234', 'a1'.repeat(10) + 'x', '12345678', 'abcdefgh']) {
      expect(checkAccount({ ...ACCOUNT, password, confirm: password }).password, password).toBe(PASSWORD_TEXT);
    }
  });
});

describe('registration step 2', () => {
  it('holds the company to 2-50 and the contact to 2-20 characters, counting Chinese characters as one', () => {
    expect(checkCompany({ company: '康宁', name: '王五' })).toEqual({});
    expect(checkCompany({ company: '药'.repeat(50), name: '王'.repeat(20) })).toEqual({});
    expect(checkCompany({ company: '药', name: '王'.repeat(21) })).toEqual({
      company: '企业名称为2-50个字',
      name: '联系人姓名为2-20个字',
    });
    expect(checkCompany({ company: '  ', name: '' })).toEqual({ company: '请输入企业名称', name: '请输入联系人姓名' });
  });
});

describe('password reset', () => {
  it('checks the number and code, then the new password twice', () => {
    expect(checkResetCode({ phone: '13712345678', code: '654321' })).toEqual({});
    expect(checkResetCode({ phone: '1371234567', code: '' })).toEqual({ phone: MOBILE_TEXT, code: '请输入验证码' });
    expect(checkNewPassword({ password: 'newpass99', confirm: 'newpass99' })).toEqual({});
    expect(checkNewPassword({ password: 'short1', confirm: 'short2' })).toEqual({
      password: PASSWORD_TEXT,
      confirm: '两次输入的密码不一致',
    });
  });
});

describe('store registration step 2 (STORE-03)', () => {
  it('takes the invitation however it is spaced, hyphenated or cased', () => {
    expect(checkStore({ invite: ' k7qh-3mzp ', store: '城西店', name: '赵店长' })).toEqual({});
    expect(checkInviteCode('K7QH 3MZP')).toBeUndefined();
  });

  it('asks for each empty field and names each rule broken', () => {
    expect(checkStore({ invite: '', store: '', name: '' })).toEqual({
      invite: '请输入邀请码',
      store: '请输入门店名称',
      name: '请输入联系人姓名',
    });
    expect(checkStore({ invite: 'K7QH-3MZ', store: '店', name: '赵' })).toEqual({
      invite: '邀请码为8位字母或数字',
      store: '门店名称为2-20个字',
      name: '联系人姓名为2-20个字',
    });
  });
});
