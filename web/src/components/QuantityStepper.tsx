import { makeStyles, mergeClasses, SpinButton } from '@fluentui/react-components';
import { clampQuantity } from '../shared/quantity';

const useStyles = makeStyles({
  stepper: { width: '88px', flexShrink: 0 },
});

/**
 * The quantity a buyer is about to put in the cart (units, sets or group units), kept between 1 and what is in
 * stock whether stepped or typed; named by `label` so each row's stepper is told apart.
 */
export function QuantityStepper({
  label,
  value,
  stock,
  disabled,
  onChange,
  className,
}: {
  label: string;
  value: number;
  /** The most that can be ordered now; a sold-out stepper still reads 1. */
  stock: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <SpinButton
      className={mergeClasses(styles.stepper, className)}
      aria-label={label}
      min={1}
      max={Math.max(1, stock)}
      value={value}
      disabled={disabled}
      onChange={(_event, data) => {
        const typed = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
        onChange(clampQuantity(typed, stock));
      }}
    />
  );
}
