import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql } from '../gql';
import type { Price_MoneyFragment } from '../gql/graphql';
import { formatPrice } from '../shared/money';
import { marketTokens } from '../theme/theme';

export const PriceFragment = graphql(`
  fragment Price_money on Money {
    fen
    amount
  }
`);

const useStyles = makeStyles({
  price: { color: marketTokens.colorPrice, whiteSpace: 'nowrap' },
  strong: { fontWeight: tokens.fontWeightSemibold },
  large: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

/** An amount as buyers read it ("¥1,234.50", floored to the fen, MONEY-02), in the price colour. */
export function Price({
  money,
  size = 'medium',
  unit,
  className,
}: {
  money: Price_MoneyFragment;
  /** The packing unit the amount is for, written after it ("¥12.50/盒"). */
  unit?: string | null;
  /** medium: in a row of text; strong: a line's total; large: the sum a button acts on. */
  size?: 'medium' | 'strong' | 'large';
  className?: string;
}) {
  const styles = useStyles();
  return (
    <span
      className={mergeClasses(
        styles.price,
        size === 'strong' && styles.strong,
        size === 'large' && styles.large,
        className,
      )}
    >
      {formatPrice(money)}
      {unit ? `/${unit}` : null}
    </span>
  );
}
