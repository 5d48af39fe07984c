import { Button, Field, makeStyles, Select, Spinner, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { PurchaseListColumnInput, PurchaseListField } from '../../gql/graphql';
import { columnLabel, FIELD_NAMES, FIELDS, mappingOf, mappingProblem, withField, type MappedColumn } from './mapping';

const useStyles = makeStyles({
  box: { display: 'grid', gap: tokens.spacingVerticalS, minWidth: 0 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  problem: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

const NOT_READ = '';
const isField = (value: string): value is PurchaseListField => (FIELDS as readonly string[]).includes(value);

/**
 * IMPORT-17: how each column of the list was read, and the buyer's correction: one choice per column, then the list
 * is matched again with it. Shown only for lists with columns (a sheet or pasted cells).
 */
export function ColumnMapping({
  columns,
  headerLine,
  busy,
  onApply,
}: {
  columns: readonly MappedColumn[];
  headerLine: number | null;
  busy: boolean;
  onApply: (mapping: PurchaseListColumnInput[]) => void;
}) {
  const styles = useStyles();
  const [draft, setDraft] = useState<MappedColumn[]>(() => [...columns]);
  const problem = mappingProblem(draft);
  const changed = draft.some((column, i) => column.field !== columns[i]?.field);

  return (
    <div className={styles.box}>
      <p className={styles.intro}>
        {headerLine === null
          ? '前十行里没有找到表头，按列的顺序读取。'
          : headerLine === 1
            ? '第1行是表头。'
            : `第${headerLine}行是表头，它上面的标题行已跳过。`}
        读错了可以在下面改正，再重新识别。
      </p>
      <div className={styles.grid}>
        {draft.map((column) => (
          <Field key={column.index} label={columnLabel(column)}>
            <Select
              value={column.field ?? NOT_READ}
              onChange={(_event, data) =>
                setDraft((current) => withField(current, column.index, isField(data.value) ? data.value : null))
              }
            >
              <option value={NOT_READ}>不读取</option>
              {FIELDS.map((field) => (
                <option key={field} value={field}>
                  {FIELD_NAMES[field]}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      <div className={styles.actions}>
        <Button disabled={busy || !changed || problem !== null} onClick={() => onApply(mappingOf(draft))}>
          {busy ? <Spinner size="tiny" label="正在识别…" /> : '按此重新识别'}
        </Button>
        {problem ? (
          <span className={styles.problem} role="alert">
            {problem}
          </span>
        ) : null}
      </div>
    </div>
  );
}
