/**
 * Spec 5: a mobile number is 11 digits, 1 then 3-9; a landline is also accepted as a 0-led area code of two or
 * three more digits, a hyphen, then 7 or 8 digits (020-12345678, 0755-1234567).
 */
const MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-\d{7,8}$/;

export const PHONE_RULE_TEXT = '请输入正确的手机号码或固定电话（如 020-12345678）';

export function isPhone(value: string): boolean {
  const trimmed = value.trim();
  return MOBILE.test(trimmed) || LANDLINE.test(trimmed);
}
