import type { AddressInput } from '../gql/graphql';
import { checkFields, phoneRule, required, type FieldRules } from './form/rules';

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

/** The address form's values: its text fields and whether the address becomes the default one. */
export type AddressValues = Record<AddressFieldName, string> & { isDefault: boolean };

export const EMPTY_ADDRESS: AddressValues = {
  consignee: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  address: '',
  isDefault: false,
};

/** ACCOUNT-25: every field filled (请填写…), the phone as VAL-02 says; the upstream judges again. */
export const ADDRESS_RULES: FieldRules<AddressValues> = {
  consignee: required('请填写收货人'),
  phone: phoneRule('请填写联系电话'),
  province: required('请填写省份'),
  city: required('请填写城市'),
  district: required('请填写区县'),
  address: required('请填写详细地址'),
};

/** The checks the screen can make before asking the gateway. */
export function validateAddress(values: Record<AddressFieldName, string>): AddressErrors {
  return checkFields(ADDRESS_RULES, { ...values, isDefault: false });
}

/** The mutation's input: text trimmed as the upstream stores it. */
export function addressInput(values: AddressValues): AddressInput {
  return {
    consignee: values.consignee.trim(),
    phone: values.phone.trim(),
    province: values.province.trim(),
    city: values.city.trim(),
    district: values.district.trim(),
    address: values.address.trim(),
    isDefault: values.isDefault,
  };
}
