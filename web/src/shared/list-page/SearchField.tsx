import { Field, Input, makeStyles, mergeClasses } from '@fluentui/react-components';

const useStyles = makeStyles({
  // The search words take the room the filter form's other fields leave.
  field: { flexGrow: 1, minWidth: '200px' },
});

/** A list's typed search words (订单号, 商品名称), labelled; the form applies them on submit, not while typing. */
export function SearchField({
  label,
  typed: [value, onChange],
  placeholder,
  maxLength = 50,
  className,
}: {
  label: string;
  /** The words typed so far and the way to change them, as `useState` gives them. */
  typed: readonly [string, (value: string) => void];
  placeholder: string;
  /** The upstream's longest search (50 characters unless the field says otherwise). */
  maxLength?: number;
  /** The field's own width, where the default (the room left, at least 200 px) does not fit. */
  className?: string;
}) {
  const styles = useStyles();
  return (
    <Field label={label} className={mergeClasses(styles.field, className)}>
      <Input value={value} maxLength={maxLength} placeholder={placeholder} onChange={(_e, d) => onChange(d.value)} />
    </Field>
  );
}
