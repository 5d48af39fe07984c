import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql } from '../../gql';
import { ADDRESS_FIELDS, addressInput, EMPTY_ADDRESS } from '../../shared/address-rules';
import { AddressFields, useAddressForm, useAddressGridStyles } from '../../shared/form/AddressFields';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';

export const CreateAddressMutation = graphql(`
  mutation CreateAddress($input: AddressInput!) {
    createAddress(input: $input) {
      address {
        id
        ...AddressFields_address
      }
    }
  }
`);

const useStyles = makeStyles({
  box: {
    padding: tokens.spacingHorizontalM,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** Adds a delivery address without leaving the confirm page (the one address form); answers the new address's id. */
export function AddressForm({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const styles = useStyles();
  const grid = useAddressGridStyles();
  const form = useAddressForm(EMPTY_ADDRESS);
  const [create, { loading }] = useMutation(CreateAddressMutation);

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await create({ variables: { input: addressInput(values) }, context: INLINE_INPUT_ERRORS });
      const id = result.data?.createAddress.address.id;
      if (id) onCreated(id);
    } catch (error) {
      // Field errors go beside their fields; anything else the error link has already shown.
      setServerErrors(error, form.setError, ADDRESS_FIELDS);
    }
  });

  return (
    <form
      method="post"
      className={mergeClasses(grid.grid, styles.box)}
      onSubmit={(event) => void submit(event)}
      aria-label="新增收货地址"
      noValidate
    >
      <AddressFields form={form} />
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
