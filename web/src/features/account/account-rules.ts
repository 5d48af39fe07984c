import { charCount, isPassword, RuleText } from '@pharma/domain/validation';
import { checkFields, confirmRule, phoneRule, type FieldRules } from '../../shared/form/rules';

export interface ContactForm {
  name: string;
  phone: string;
}

/** ACCOUNT-01 as the screen checks it before sending (the upstream judges again). */
export const CONTACT_RULES: FieldRules<ContactForm> = {
  name: (value) => {
    const name = value.trim();
    if (name === '') return '请输入联系人姓名';
    return charCount(name) > 20 ? '联系人姓名最多20个字' : undefined;
  },
  phone: phoneRule(),
};

export type PasswordField = 'oldPassword' | 'password' | 'passwordConfirmation';
export type PasswordChangeForm = Record<PasswordField, string>;

/** ACCOUNT-02 as the screen checks it: the old password given, the new one by VAL-07, typed twice the same. */
export const PASSWORD_CHANGE_RULES: FieldRules<PasswordChangeForm> = {
  oldPassword: (value) => (value === '' ? '请输入原密码' : undefined),
  password: (value, values) => {
    if (!isPassword(value)) return RuleText.password;
    return value === values.oldPassword ? '新密码不能与原密码相同' : undefined;
  },
  passwordConfirmation: confirmRule<PasswordChangeForm>('password', '请再次输入新密码', '两次输入的新密码不一致'),
};

export const checkContact = (values: ContactForm) => checkFields(CONTACT_RULES, values);
export const checkPasswordChange = (values: PasswordChangeForm) => checkFields(PASSWORD_CHANGE_RULES, values);
