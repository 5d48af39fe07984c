import { titleProblems, type InvoiceTitleFields, type TitleField } from '@pharma/domain/invoice-title';
import type { FieldRules } from '../../shared/form/rules';

export type InvoiceTitleForm = InvoiceTitleFields;

/** The form's fields in the order the page shows them, with their labels (增值税专用发票资料). */
export const TITLE_LABELS: Record<TitleField, string> = {
  name: '名称',
  taxId: '纳税人识别号',
  address: '注册地址',
  phone: '注册电话',
  bank: '开户银行',
  bankAccount: '银行账号',
};

export const TITLE_FIELDS: readonly TitleField[] = ['name', 'taxId', 'address', 'phone', 'bank', 'bankAccount'];

const field =
  (name: TitleField) =>
  (_value: string, values: InvoiceTitleForm): string | undefined =>
    titleProblems(values)[name];

/** VAL-27..VAL-30 as the screen checks them before sending, by the rules the upstream judges with. */
export const TITLE_RULES: FieldRules<InvoiceTitleForm> = {
  name: field('name'),
  taxId: field('taxId'),
  address: field('address'),
  phone: field('phone'),
  bank: field('bank'),
  bankAccount: field('bankAccount'),
};

/** What the mutation sends: trimmed text, the taxpayer id as typed (its letters are capitals by rule). */
export function titleInput(values: InvoiceTitleForm): InvoiceTitleForm {
  return {
    name: values.name.trim(),
    taxId: values.taxId.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    bank: values.bank.trim(),
    bankAccount: values.bankAccount.replace(/[\s\u3000]/g, ''),
  };
}
