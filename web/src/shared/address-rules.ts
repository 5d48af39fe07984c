import { isPhone, RuleText } from '@pharma/domain/validation';

export type AddressFieldName = 'consignee' | 'phone' | 'province' | 'city' | 'district' | 'address';

export const ADDRESS_LABELS: Record<AddressFieldName, string> = {
  consignee: '收货人',
  phone: '联系电话',
  province: '省份',
  city: '城市',
  district: '区县',
  address: '详细地址',
};
export const ADDRESS_FIELDS = Object.keys(ADDRESS_LABELS) as AddressFieldName[];

export type AddressErrors = Partial<Record<AddressFieldName, string>>;

/** The checks the screen can make before asking the gateway: every field filled, the phone as VAL-02 says. */
export function validateAddress(values: Record<AddressFieldName, string>): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    if (values[field].trim() === '') errors[field] = `请填写${ADDRESS_LABELS[field]}`;
  }
  if (!errors.phone && !isPhone(values.phone)) errors.phone = RuleText.phone;
  return errors;
}
