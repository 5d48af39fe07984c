import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Price_MoneyFragment } from '../gql/graphql';
import { GoodsImage } from './GoodsImage';
import { Price } from './Price';

const useStyles = makeStyles({
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  line: {
    display: 'grid',
    gridTemplateColumns: '56px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  total: { textAlign: 'right' },
});

/** One line of an order as the list shows it; the caller words the name and the detail lines for its kind. */
export interface OrderLineView {
  key: string;
  image: string | undefined;
  /** The picture's text alternative: the goods' name. */
  alt: string;
  name: ReactNode;
  /** Small grey lines under the name (spec, maker, unit price × number; a set's contents). */
  details: readonly ReactNode[];
  total: Price_MoneyFragment;
}

/** The goods of an order, being confirmed or placed: picture, name, details and the line's total. */
export function OrderLineList({ lines }: { lines: readonly OrderLineView[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line.key} className={styles.line}>
          <GoodsImage src={line.image} alt={line.alt} size={56} />
          <div>
            <p className={styles.name}>{line.name}</p>
            {line.details.map((detail, index) => (
              <p key={index} className={styles.meta}>
                {detail}
              </p>
            ))}
          </div>
          <Price money={line.total} className={styles.total} />
        </li>
      ))}
    </ul>
  );
}
