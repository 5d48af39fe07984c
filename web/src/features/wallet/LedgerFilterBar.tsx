import { Field, Input, makeStyles, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { ListFilters } from '../../shared/list-page/ListFilters';
import { rangeError, type LedgerFilter } from './wallet-filters';

const useStyles = makeStyles({
  field: { minWidth: '150px', '@media (max-width: 600px)': { flexBasis: '100%' } },
});

/**
 * The filter of a ledger (balance or points): a type and a range of China-time days. The type applies at once; the
 * days with 查询, and a range that cannot be applied says why instead of showing an empty list.
 */
export function LedgerFilterBar<S extends string>({
  label,
  types,
  filter,
  onApply,
}: {
  /** The ledger's name, for the form's accessible name (余额明细筛选). */
  label: string;
  types: readonly { slug: S; label: string }[];
  filter: LedgerFilter<S>;
  onApply: (change: Pick<LedgerFilter<S>, 'type' | 'from' | 'to'>) => void;
}) {
  const styles = useStyles();
  // Keyed by the applied filter: going back in history shows what that address holds.
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = rangeError(from, to);
    setError(problem);
    if (problem === null) onApply({ type: filter.type, from: from || null, to: to || null });
  };
  const reset = () => {
    setFrom('');
    setTo('');
    setError(null);
    onApply({ type: null, from: null, to: null });
  };
  const whole = filter.type === null && filter.from === null && filter.to === null && from === '' && to === '';
  return (
    <ListFilters label={label} onSubmit={submit} reset={{ label: '重置', disabled: whole, onClick: reset }}>
      <Field label="类型" className={styles.field}>
        <Select
          value={filter.type ?? ''}
          onChange={(_e, d) =>
            onApply({ type: types.find((t) => t.slug === d.value)?.slug ?? null, from: filter.from, to: filter.to })
          }
        >
          <option value="">全部</option>
          {types.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="开始日期" className={styles.field} validationMessage={error ?? undefined}>
        <Input type="date" value={from} max={to || undefined} onChange={(_e, d) => setFrom(d.value)} />
      </Field>
      <Field label="结束日期" className={styles.field}>
        <Input type="date" value={to} min={from || undefined} onChange={(_e, d) => setTo(d.value)} />
      </Field>
    </ListFilters>
  );
}
