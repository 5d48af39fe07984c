/** CONTRACT-03 on the form: what the upstream checks, said beside the fields before anything is sent. */
import type { FieldRules } from '../../shared/form/rules';

export interface SignValues {
  signerName: string;
  agree: boolean;
}

export const SIGN_RULES: FieldRules<SignValues> = {
  signerName: (value) => {
    const name = value.trim();
    if (name.length < 2) return '请输入签署人姓名（至少2个字）';
    return name.length > 30 ? '签署人姓名最多30个字' : undefined;
  },
  agree: (value) => (value ? undefined : '请先阅读并同意合同条款'),
};

/** The form's fields, as the upstream names them apart from `signer_name`. */
export const SIGN_FIELDS = ['signerName', 'agree'] as const;
export const SERVER_RENAMES = { signer_name: 'signerName' } as const;
