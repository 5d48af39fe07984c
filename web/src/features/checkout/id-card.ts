/**
 * A mainland resident ID card number (GB 11643-1999): 17 digits and a check character (a digit or X). The check
 * character catches most typos before the receipt for ephedrine-type goods is recorded against the wrong person.
 */
const SHAPE = /^\d{17}[\dX]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECKS = '10X98765432';

export const ID_CARD_RULE_TEXT = '请输入正确的 18 位身份证号码';

export function isIdCard(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!SHAPE.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(id[i]) * (WEIGHTS[i] ?? 0);
  return CHECKS[sum % 11] === id[17];
}
