import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Fragment, type ReactNode } from 'react';

const useStyles = makeStyles({
  list: { margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline' },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalXXL}`,
  },
  row: { gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXXL}` },
  centre: {
    justifyContent: 'center',
    color: tokens.colorNeutralForeground2,
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXL}`,
  },
});

/** One fact of an order or payment: "订单号：…"; a fact whose value is null or false is left out. */
export interface Fact {
  label: string;
  value: ReactNode;
}

/**
 * Facts written "label：value" (order number, status, amounts...): in columns on a detail page, in a row on a
 * panel, centred on a result page. Facts are kept apart by a space in the text as well, so a reader of the text
 * (a screen reader, a test) sees where each ends.
 */
export function FactList({
  facts,
  layout = 'row',
  className,
}: {
  facts: readonly Fact[];
  layout?: 'columns' | 'row' | 'centre';
  className?: string;
}) {
  const styles = useStyles();
  const shown = facts.filter((fact) => fact.value !== null && fact.value !== false && fact.value !== undefined);
  return (
    <div className={mergeClasses(styles.list, styles[layout], className)}>
      {shown.map((fact, index) => (
        <Fragment key={fact.label}>
          {index > 0 ? ' ' : null}
          <span>
            {fact.label}：{fact.value}
          </span>
        </Fragment>
      ))}
    </div>
  );
}
