/**
 * The company's invoice title (发票抬头, 增值税专用发票资料) and the rules its fields follow (VAL-27..VAL-30), shared
 * by the upstream, which judges, and the web, which checks before sending so the buyer reads the same words.
 */
import { charCount, isPhone } from './validation';

/**
 * VAL-27: GB 32100-2015's alphabet for the 统一社会信用代码: digits and capitals without I, O, S, V and Z, each worth
 * its index (0-30).
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** VAL-27: the weights of characters 1-17 (3^(i-1) mod 31), as GB 32100-2015 fixes them. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
/** VAL-27: registering authority and kind (2), administrative division (6 digits), organisation code (9), check (1). */
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** VAL-30: a bank account number as banks print it, digits only, 8 to 30 of them. */
const BANK_ACCOUNT = /^\d{8,30}$/;

/** The field limits in characters (VAL-08 counts a Chinese character as one). */
export const TITLE_LIMITS = { name: 100, address: 100, bank: 100 } as const;

export const TitleText = {
  nameRequired: '请填写发票抬头名称',
  name: `发票抬头名称最多${TITLE_LIMITS.name}个字`,
  taxIdRequired: '请填写纳税人识别号',
  taxIdShape: '纳税人识别号应为18位统一社会信用代码（数字或大写字母，不含I、O、S、V、Z）',
  taxIdCheck: '纳税人识别号校验位不正确，请核对营业执照上的统一社会信用代码',
  address: `注册地址最多${TITLE_LIMITS.address}个字`,
  phone: '请输入正确的注册电话（手机号或固定电话，如 0571-88886666）',
  bank: `开户银行最多${TITLE_LIMITS.bank}个字`,
  bankAccount: '银行账号应为8-30位数字',
} as const;

/** VAL-27: the check character GB 32100-2015 computes from the first 17; undefined when one is outside the alphabet. */
export function usccCheckCharacter(first17: string): string | undefined {
  let sum = 0;
  for (const [i, weight] of WEIGHTS.entries()) {
    const value = ALPHABET.indexOf(first17.charAt(i));
    if (value < 0) return undefined;
    sum += value * weight;
  }
  return ALPHABET.charAt((31 - (sum % 31)) % 31);
}

/** VAL-27: what is wrong with a 统一社会信用代码 as typed (trimmed, capitals as written), or undefined when it is one. */
export function taxIdProblem(value: string): string | undefined {
  const code = value.trim();
  if (code === '') return TitleText.taxIdRequired;
  if (!SHAPE.test(code)) return TitleText.taxIdShape;
  return usccCheckCharacter(code.slice(0, 17)) === code.charAt(17) ? undefined : TitleText.taxIdCheck;
}

/** VAL-30: a bank account number, spaces between groups of digits allowed as people copy them. */
export function normaliseBankAccount(value: string): string {
  return value.replace(/[\s\u3000]/g, '');
}

export interface InvoiceTitleFields {
  name: string;
  taxId: string;
  address: string;
  phone: string;
  bank: string;
  bankAccount: string;
}

export type TitleField = keyof InvoiceTitleFields;

/**
 * VAL-27..VAL-30: each field's problem. 名称 and 纳税人识别号 are required (an ordinary invoice needs them); the
 * others may stay empty, which only keeps the title from a 增值税专用发票 (INVOICE-11), but what is written must be right.
 */
export function titleProblems(t: InvoiceTitleFields): Partial<Record<TitleField, string>> {
  const out: Partial<Record<TitleField, string>> = {};
  const name = t.name.trim();
  if (name === '') out.name = TitleText.nameRequired;
  else if (charCount(name) > TITLE_LIMITS.name) out.name = TitleText.name;
  const taxId = taxIdProblem(t.taxId);
  if (taxId !== undefined) out.taxId = taxId;
  if (charCount(t.address) > TITLE_LIMITS.address) out.address = TitleText.address;
  // VAL-28: the registered phone, a landline (0571-88886666) or a mobile, as VAL-02 takes a contact number.
  if (t.phone.trim() !== '' && !isPhone(t.phone)) out.phone = TitleText.phone;
  if (charCount(t.bank) > TITLE_LIMITS.bank) out.bank = TitleText.bank;
  const account = normaliseBankAccount(t.bankAccount);
  if (account !== '' && !BANK_ACCOUNT.test(account)) out.bankAccount = TitleText.bankAccount;
  return out;
}

/** The fields only a 增值税专用发票 needs, in the form's order. */
const SPECIAL_FIELDS = ['address', 'phone', 'bank', 'bankAccount'] as const;

/** The buyer's words for what a 增值税专用发票 still lacks. */
export const MISSING_TEXT: Record<(typeof SPECIAL_FIELDS)[number], string> = {
  address: '注册地址',
  phone: '注册电话',
  bank: '开户银行',
  bankAccount: '银行账号',
};

/**
 * INVOICE-11: what a 增值税专用发票 still needs of the title (its 地址电话 and 开户行及账号 lines), in the buyer's words;
 * empty when complete. No title at all lacks its name and taxpayer id first.
 */
export function missingForVatSpecial(t: InvoiceTitleFields | null): string[] {
  if (t === null) return ['发票抬头名称', '纳税人识别号', ...SPECIAL_FIELDS.map((field) => MISSING_TEXT[field])];
  const missing: string[] = [];
  if (t.name.trim() === '') missing.push('发票抬头名称');
  if (taxIdProblem(t.taxId) !== undefined) missing.push('纳税人识别号');
  for (const field of SPECIAL_FIELDS) {
    if (t[field].trim() === '') missing.push(MISSING_TEXT[field]);
  }
  return missing;
}

/**
 * INVOICE-10: a drug (药品) is a goods whose approval number is a 国药准字 (H, Z, S, J, B, F… followed by digits);
 * devices (械字号), cosmetics and food have others or none, and may be sold without an invoice.
 */
export function isDrugApproval(approvalNumber: string | null | undefined): boolean {
  return approvalNumber !== null && approvalNumber !== undefined && approvalNumber.trim().startsWith('国药准字');
}
