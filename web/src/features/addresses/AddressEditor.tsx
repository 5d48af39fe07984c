import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql } from '../../gql';
import { ADDRESS_FIELDS, addressInput, type AddressValues } from '../../shared/address-rules';
import { AddressFields, useAddressForm, useAddressGridStyles } from '../../shared/form/AddressFields';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { toast } from '../../shared/notify';

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
        ...AddressFields_address
      }
    }
  }
`);

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  heading: { gridColumn: '1 / -1', margin: 0, fontSize: tokens.fontSizeBase400 },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS },
});

/**
 * The address book's editor (ACCOUNT-25): the one address form on a card, adding an address or editing `editing`;
 * the upstream's field errors are shown beside their fields.
 */
export function AddressEditor({
  editing,
  initial,
  onDone,
  onCancel,
}: {
  /** The id of the address being edited; null to add one. */
  editing: string | null;
  initial: AddressValues;
  onDone: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const grid = useAddressGridStyles();
  const form = useAddressForm(initial);
  const [create, created] = useMutation(AddressBookCreateMutation);
  const [update, updated] = useMutation(AddressBookUpdateMutation);
  const busy = created.loading || updated.loading;

  const submit = form.handleSubmit(async (values) => {
    const input = addressInput(values);
    const context = INLINE_INPUT_ERRORS;
    try {
      if (editing === null) await create({ variables: { input }, context });
      else await update({ variables: { id: editing, input }, context });
    } catch (error) {
      setServerErrors(error, form.setError, ADDRESS_FIELDS);
      return;
    }
    toast(editing === null ? '收货地址已添加' : '收货地址已修改', 'success');
    onDone();
  });

  return (
    <form
      method="post"
      className={mergeClasses(grid.grid, styles.card)}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="address-editor-title"
      noValidate
    >
      <h2 id="address-editor-title" className={styles.heading}>
        {editing === null ? '新增收货地址' : '修改收货地址'}
      </h2>
      <AddressFields form={form} />
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
