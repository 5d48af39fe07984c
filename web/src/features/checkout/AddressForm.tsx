import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { graphql } from '../../gql';
import type { AddressInput } from '../../gql/graphql';
import {
  ADDRESS_FIELDS as FIELDS,
  ADDRESS_LABELS as LABELS,
  validateAddress,
  type AddressErrors as Errors,
  type AddressFieldName as FieldName,
} from './address-rules';

export const CreateAddressMutation = graphql(`
  mutation CreateAddress($input: AddressInput!) {
    createAddress(input: $input) {
      address {
        id
        ...AddressSection_address
      }
    }
  }
`);

/** BAD_USER_INPUT from the gateway names the fields; their first messages go beside the fields. */
function fieldErrorsOf(error: unknown): Errors | null {
  const fields = CombinedGraphQLErrors.is(error) ? serverFieldErrors(error.errors) : null;
  const errors: Errors = {};
  for (const field of FIELDS) if (fields?.[field]) errors[field] = fields[field];
  return Object.keys(errors).length > 0 ? errors : null;
}

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    padding: tokens.spacingHorizontalM,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const empty: Record<FieldName, string> = {
  consignee: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  address: '',
};

/** Adds a delivery address without leaving the confirm page; answers the new address's id. */
export function AddressForm({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const styles = useStyles();
  const [values, setValues] = useState(empty);
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [create, { loading }] = useMutation(CreateAddressMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: AddressInput = {
      consignee: values.consignee.trim(),
      phone: values.phone.trim(),
      province: values.province.trim(),
      city: values.city.trim(),
      district: values.district.trim(),
      address: values.address.trim(),
      isDefault,
    };
    try {
      const context: InlineInputErrorsContext = { inlineInputErrors: true };
      const result = await create({ variables: { input }, context });
      const id = result.data?.createAddress.address.id;
      if (id) onCreated(id);
    } catch (error) {
      // Field errors go beside their fields; anything else the error link has already shown.
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="新增收货地址" noValidate>
      {FIELDS.map((field) => (
        <Field
          key={field}
          label={LABELS[field]}
          required
          className={field === 'address' ? styles.wide : undefined}
          validationState={errors[field] ? 'error' : 'none'}
          validationMessage={errors[field]}
        >
          <Input
            value={values[field]}
            type={field === 'phone' ? 'tel' : 'text'}
            onChange={(_event, data) => setValues((old) => ({ ...old, [field]: data.value }))}
          />
        </Field>
      ))}
      <Checkbox
        className={styles.wide}
        label="设为默认地址"
        checked={isDefault}
        onChange={(_event, data) => setIsDefault(data.checked === true)}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={loading}>
          保存地址
        </Button>
        <Button type="button" appearance="secondary" onClick={onCancel}>
          取消
        </Button>
      </div>
    </form>
  );
}
