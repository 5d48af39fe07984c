import { Checkbox, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { graphql } from '../../gql';
import { ADDRESS_LABELS, ADDRESS_RULES, type AddressFieldName, type AddressValues } from '../address-rules';
import { citiesOf, PROVINCES } from '../regions';
import { FormField, useRulesForm } from './FormField';

/**
 * What every page that lists or picks a delivery address reads of it (the address book, checkout, the points mall's
 * exchange): the fields this form edits, so a saved address updates each of them in the cache.
 */
export const AddressFieldsFragment = graphql(`
  fragment AddressFields_address on Address {
    id
    consignee
    phone
    province
    city
    district
    address
    isDefault
  }
`);

/**
 * The grid the address fields sit in: three columns, one on a phone. The place that shows the form gives it to its
 * <form> with its own frame (a card on /addr, a dashed box at checkout).
 */
export const useAddressGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    // A field with a hint is taller: its neighbours keep their own height.
    alignItems: 'start',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  wideHalf: { gridColumn: 'span 2', '@media (max-width: 600px)': { gridColumn: '1 / -1' } },
  wide: { gridColumn: '1 / -1' },
});

/** The address form's state, checked by ACCOUNT-25's rules. */
export const useAddressForm = (initial: AddressValues) => useRulesForm(ADDRESS_RULES, initial);

/** A value the list does not hold (an address saved before) stays choosable, so editing never loses it. */
const withCurrent = (options: readonly string[], current: string) =>
  current !== '' && !options.includes(current) ? [current, ...options] : options;

/**
 * The one address form's fields (ACCOUNT-25), for the address book and checkout alike: the consignee and phone
 * (VAL-02), the province and city chosen from China's divisions one after the other, the district and street typed,
 * and whether it becomes the default address. The buttons are the caller's.
 */
export function AddressFields({ form }: { form: UseFormReturn<AddressValues> }) {
  const styles = useAddressGridStyles();
  const { control, setValue } = form;
  const province = useWatch({ control, name: 'province' });
  const city = useWatch({ control, name: 'city' });
  const field = (name: AddressFieldName) => ({ form, name, label: ADDRESS_LABELS[name], required: true });
  return (
    <>
      <FormField {...field('consignee')}>{(input) => <Input {...input} maxLength={20} />}</FormField>
      <FormField {...field('phone')} className={styles.wideHalf} hint="手机号码，或带区号的固定电话，如 0571-88776655">
        {(input) => <Input {...input} type="tel" autoComplete="tel" maxLength={20} />}
      </FormField>
      <FormField {...field('province')}>
        {(input) => (
          <Select
            {...input}
            onChange={(event, data) => {
              input.onChange(event, data);
              // A city belongs to its province: choosing another province asks for the city again.
              setValue('city', '');
            }}
          >
            <option value="">请选择省份</option>
            {withCurrent(PROVINCES, province).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField {...field('city')}>
        {(input) => (
          <Select {...input} disabled={province === ''}>
            <option value="">{province === '' ? '请先选择省份' : '请选择城市'}</option>
            {withCurrent(citiesOf(province), city).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField {...field('district')}>
        {(input) => <Input {...input} placeholder="如 西湖区" maxLength={20} />}
      </FormField>
      <FormField {...field('address')} className={styles.wide}>
        {(input) => <Input {...input} placeholder="街道、门牌号、店名" maxLength={120} />}
      </FormField>
      <Controller
        control={control}
        name="isDefault"
        render={({ field: check }) => (
          <Checkbox
            className={styles.wide}
            label="设为默认地址"
            checked={check.value}
            onChange={(_event, data) => check.onChange(data.checked === true)}
          />
        )}
      />
    </>
  );
}
