import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  bar: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  search: { gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/**
 * The filter form above a list: its fields, then 查询 and a way back to the whole list (重置 or 清除). Typed values are
 * applied with 查询, not while typing; the page writes them to its address (SHELL-25). `search` draws a single search
 * field without the bar's panel and names the form a search landmark.
 */
export function ListFilters({
  label,
  onSubmit,
  reset,
  search = false,
  submitLabel = '查询',
  children,
}: {
  /** The form's accessible name (余额明细筛选). */
  label: string;
  onSubmit: () => void;
  /** The button back to the whole list; left out when absent. */
  reset?: { label: string; disabled?: boolean; onClick: () => void };
  search?: boolean;
  /** The submit button's words where the page has its own (搜索). */
  submitLabel?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      className={mergeClasses(styles.form, search ? styles.search : styles.bar)}
      role={search ? 'search' : undefined}
      aria-label={label}
      onSubmit={submit}
    >
      {children}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          {submitLabel}
        </Button>
        {reset ? (
          <Button type="button" disabled={reset.disabled} onClick={reset.onClick}>
            {reset.label}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
