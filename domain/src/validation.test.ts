import { describe, expect, it } from 'vitest';
import {
  charCount,
  isEmail,
  isMobile,
  isPassword,
  isPayPassword,
  isPhone,
  isRecordId,
  parseRecordId,
} from './validation';
import { isSuccess, Refusal, refusalName } from './codes';

describe('field rules', () => {
  it('VAL-01: a mobile number is 11 digits, 1 then 3-9', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile(' 19912345678 ')).toBe(true);
    expect(isMobile('12800138000')).toBe(false);
    expect(isMobile('1380013800')).toBe(false);
  });

  it('VAL-02: a contact phone is a mobile or a landline with a 0-led area code', () => {
    expect(isPhone('020-12345678')).toBe(true);
    expect(isPhone('0755-1234567')).toBe(true);
    expect(isPhone('020-123456')).toBe(false);
    expect(isPhone('20-12345678')).toBe(false);
  });

  it('VAL-03: an email has a name of letters, digits, _ or - and a dotted domain', () => {
    expect(isEmail('buyer_01@pharma-mall.cn')).toBe(true);
    expect(isEmail('buyer@localhost')).toBe(false);
    expect(isEmail('买家@pharma.cn')).toBe(false);
    expect(isEmail(' li-na@mail.yaocai.com.cn ')).toBe(true);
    // Only letters, digits, _ and - before the @; the domain needs a dot and no empty label.
    expect(isEmail('li.na@pharma.cn')).toBe(false);
    expect(isEmail('li+na@pharma.cn')).toBe(false);
    expect(isEmail('@pharma.cn')).toBe(false);
    expect(isEmail('buyer@pharma.')).toBe(false);
    expect(isEmail('buyer@.cn')).toBe(false);
    expect(isEmail('buyer@@pharma.cn')).toBe(false);
  });

  it('VAL-04: a record id is a positive 32-bit integer without a leading zero', () => {
    expect(isRecordId('12')).toBe(true);
    expect(isRecordId('012')).toBe(false);
    expect(isRecordId('2147483648')).toBe(false);
    expect(parseRecordId(7)).toBe(7);
    expect(parseRecordId(1.5)).toBeUndefined();
    expect(parseRecordId('abc')).toBeUndefined();
  });

  it('VAL-07: a password has 8-20 printable characters with a letter and a digit', () => {
    expect(isPassword('demo1234')).toBe(true);
    expect(isPassword('12345678')).toBe(false);
    expect(isPassword('demo 1234')).toBe(false);
  });

  it('VAL-11: a payment password is six digits, not one digit repeated nor a run up or down', () => {
    expect(isPayPassword('246810')).toBe(true);
    expect(isPayPassword('112233')).toBe(true);
    for (const weak of ['111111', '123456', '654321', '345678', '987654']) expect(isPayPassword(weak)).toBe(false);
    for (const malformed of ['12345', '1234567', '12a456', ' 24681', '２４６８１０']) {
      expect(isPayPassword(malformed)).toBe(false);
    }
  });

  it('VAL-08: counts a Chinese character as one, even outside the BMP', () => {
    expect(charCount(' 感冒灵𠀀 ')).toBe(4);
  });
});

describe('answer codes', () => {
  it('ERR-01: 10000, 200 and 201 in a 2xx answer are success; a 200 carrying 10001 is not', () => {
    expect(isSuccess(200, 10000)).toBe(true);
    expect(isSuccess(201, 201)).toBe(true);
    expect(isSuccess(200, 10001)).toBe(false);
    expect(isSuccess(400, 10000)).toBe(false);
  });

  it('ERR-05: every business code has one name', () => {
    const codes = Object.values(Refusal);
    expect(new Set(codes).size).toBe(codes.length);
    expect(refusalName(40003)).toBe('SOLD_OUT');
    expect(refusalName(49999)).toBeUndefined();
  });
});
