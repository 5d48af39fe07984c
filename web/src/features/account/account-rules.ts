import { charCount, isPassword, isPhone, RuleText } from '@pharma/domain/validation';

/** ACCOUNT-01 as the screen checks it before sending (the upstream judges again). */
export function checkContact(values: { name: string; phone: string }): Partial<Record<'name' | 'phone', string>> {
  const errors: Partial<Record<'name' | 'phone', string>> = {};
  const name = values.name.trim();
  if (name === '') errors.name = '请输入联系人姓名';
  else if (charCount(name) > 20) errors.name = '联系人姓名最多20个字';
  if (!isPhone(values.phone)) errors.phone = RuleText.phone;
  return errors;
}

export type PasswordField = 'oldPassword' | 'password' | 'passwordConfirmation';

/** ACCOUNT-02 as the screen checks it: the old password given, the new one by VAL-07, typed twice the same. */
export function checkPasswordChange(values: Record<PasswordField, string>): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (values.oldPassword === '') errors.oldPassword = '请输入原密码';
  if (!isPassword(values.password)) errors.password = RuleText.password;
  else if (values.password === values.oldPassword) errors.password = '新密码不能与原密码相同';
  if (values.passwordConfirmation === '') errors.passwordConfirmation = '请再次输入新密码';
  else if (values.password !== values.passwordConfirmation) errors.passwordConfirmation = '两次输入的新密码不一致';
  return errors;
}
