import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Checkbox, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { graphql } from '../../gql';
import type { AddressInput } from '../../gql/graphql';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  validateAddress,
  type AddressErrors,
  type AddressFieldName,
} from '../../shared/address-rules';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { toast } from '../../shared/notify';
import { citiesOf, PROVINCES } from './regions';

export const AddressBookCreateMutation = graphql(`
  mutation AddressBookCreate($input: AddressInput!) {
    createAddress(input: $input) {
      address {
        id
      }
    }
  }
`);

export const AddressBookUpdateMutation = graphql(`
  mutation AddressBookUpdate($id: ID!, $input: AddressInput!) {
    updateAddress(id: $id, input: $input) {
      address {
        id
        consignee
        phone
        province
        city
        district
        address
        isDefault
      }
    }
  }
`);

export type AddressValues = Record<AddressFieldName, string>;

export const EMPTY_ADDRESS: AddressValues = {
  consignee: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  address: '',
};

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    // A field with a hint is taller: its neighbours keep their own height.
    alignItems: 'start',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  heading: { gridColumn: '1 / -1', margin: 0, fontSize: tokens.fontSizeBase400 },
  half: { gridColumn: 'span 1' },
  wideHalf: { gridColumn: 'span 2', '@media (max-width: 600px)': { gridColumn: '1 / -1' } },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS },
});

/** A value the list does not hold (an address saved before) stays choosable, so editing never loses it. */
const withCurrent = (options: readonly string[], current: string) =>
  current !== '' && !options.includes(current) ? [current, ...options] : options;

/**
 * The address book's form (ACCOUNT-25): adds an address, or edits `editing`. The province and city are chosen from
 * China's divisions, one after the other; the phone follows VAL-02 here and again in the upstream, whose field
 * errors are shown beside their fields.
 */
export function AddressEditor({
  editing,
  initial,
  initialDefault,
  onDone,
  onCancel,
}: {
  /** The id of the address being edited; null to add one. */
  editing: string | null;
  initial: AddressValues;
  initialDefault: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const [values, setValues] = useState(initial);
  const [isDefault, setIsDefault] = useState(initialDefault);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [create, created] = useMutation(AddressBookCreateMutation);
  const [update, updated] = useMutation(AddressBookUpdateMutation);
  const busy = created.loading || updated.loading;
  const set = (field: AddressFieldName, value: string) => setValues((old) => ({ ...old, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: AddressInput = {
      consignee: values.consignee.trim(),
      phone: values.phone.trim(),
      province: values.province,
      city: values.city,
      district: values.district.trim(),
      address: values.address.trim(),
      isDefault,
    };
    const context: InlineInputErrorsContext = { inlineInputErrors: true };
    try {
      if (editing === null) await create({ variables: { input }, context });
      else await update({ variables: { id: editing, input }, context });
      toast(editing === null ? '收货地址已添加' : '收货地址已修改', 'success');
      onDone();
    } catch (error) {
      const fields = CombinedGraphQLErrors.is(error) ? serverFieldErrors(error.errors) : null;
      const next: AddressErrors = {};
      for (const field of ADDRESS_FIELDS) if (fields?.[field]) next[field] = fields[field];
      setErrors(next);
    }
  };

  const fieldProps = (field: AddressFieldName) => ({
    label: ADDRESS_LABELS[field],
    required: true,
    validationState: errors[field] ? ('error' as const) : ('none' as const),
    validationMessage: errors[field],
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="address-editor-title"
      noValidate
    >
      <h2 id="address-editor-title" className={styles.heading}>
        {editing === null ? '新增收货地址' : '修改收货地址'}
      </h2>
      <Field {...fieldProps('consignee')} className={styles.half}>
        <Input value={values.consignee} onChange={(_e, d) => set('consignee', d.value)} maxLength={20} />
      </Field>
      <Field {...fieldProps('phone')} className={styles.wideHalf} hint="手机号码，或带区号的固定电话，如 0571-88776655">
        <Input type="tel" value={values.phone} onChange={(_e, d) => set('phone', d.value)} maxLength={20} />
      </Field>
      <Field {...fieldProps('province')} className={styles.half}>
        <Select
          value={values.province}
          onChange={(_e, d) => setValues((old) => ({ ...old, province: d.value, city: '' }))}
        >
          <option value="">请选择省份</option>
          {withCurrent(PROVINCES, values.province).map((name) => (
            <option key={name}>{name}</option>
          ))}
        </Select>
      </Field>
      <Field {...fieldProps('city')} className={styles.half}>
        <Select value={values.city} disabled={values.province === ''} onChange={(_e, d) => set('city', d.value)}>
          <option value="">{values.province === '' ? '请先选择省份' : '请选择城市'}</option>
          {withCurrent(citiesOf(values.province), values.city).map((name) => (
            <option key={name}>{name}</option>
          ))}
        </Select>
      </Field>
      <Field {...fieldProps('district')} className={styles.half}>
        <Input
          value={values.district}
          placeholder="如 西湖区"
          onChange={(_e, d) => set('district', d.value)}
          maxLength={20}
        />
      </Field>
      <Field {...fieldProps('address')} className={styles.wide}>
        <Input
          value={values.address}
          placeholder="街道、门牌号、店名"
          onChange={(_e, d) => set('address', d.value)}
          maxLength={120}
        />
      </Field>
      <Checkbox
        className={styles.wide}
        label="设为默认地址"
        checked={isDefault}
        onChange={(_e, d) => setIsDefault(d.checked === true)}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          保存地址
        </Button>
        <Button type="button" onClick={onCancel}>
          取消
        </Button>
      </div>
    </form>
  );
}
