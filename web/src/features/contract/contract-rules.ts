/** CONTRACT-03 on the form: what the upstream checks, said beside the fields before anything is sent. */
export interface SignValues {
  signerName: string;
  agreed: boolean;
}

export type SignField = 'signerName' | 'agree';

export function checkSign(values: SignValues): Partial<Record<SignField, string>> {
  const errors: Partial<Record<SignField, string>> = {};
  const name = values.signerName.trim();
  if (name.length < 2) errors.signerName = '请输入签署人姓名（至少2个字）';
  else if (name.length > 30) errors.signerName = '签署人姓名最多30个字';
  if (!values.agreed) errors.agree = '请先阅读并同意合同条款';
  return errors;
}

/** The upstream's field names of a refused signature, as the form's. */
export const SERVER_FIELDS: Record<string, SignField | 'version'> = {
  signer_name: 'signerName',
  agree: 'agree',
  version: 'version',
};
