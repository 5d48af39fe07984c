import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  tokens,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import type { FieldRules } from '../../shared/form/rules';
import { downloadFile } from './download';
import {
  exportHref,
  exportRange,
  exportRangeProblem,
  lastMonth,
  statementHref,
  statementMonthProblem,
  type ExportForm,
  type StatementFormat,
} from './order-files';
import type { OrderListState } from './order-tabs';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  fields: { display: 'grid', gap: tokens.spacingVerticalS },
  days: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  scope: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

// ORDER-16: the range the upstream takes, each end with its own message.
const EXPORT_RULES: FieldRules<ExportForm> = {
  from: (from, values) => {
    const problem = exportRangeProblem(from, values.to);
    return problem?.field === 'from' ? problem.message : undefined;
  },
  to: (to, values) => {
    const problem = exportRangeProblem(values.from, to);
    return problem?.field === 'to' ? problem.message : undefined;
  },
};

interface StatementForm {
  month: string;
  format: StatementFormat;
}

const STATEMENT_RULES: FieldRules<StatementForm> = {
  // ORDER-17: a month up to this one, in China.
  month: (month) => statementMonthProblem(month, new Date()),
};

/** A dialog holding a form: its title, fields, the upstream's refusal in words, and the submit and close buttons. */
function FormDialog({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface aria-label={title}>
        <form
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.fields}>
              {children}
              {error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={busy}>
                {busy ? '正在生成…' : submitLabel}
              </Button>
              <Button appearance="secondary" onClick={onClose}>
                关闭
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** Runs a download, keeping its refusal for the dialog to show; closes the dialog once the file is saved. */
function useDownload(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = async (href: string, fallbackName: string) => {
    setBusy(true);
    setError(undefined);
    const refused = await downloadFile(href, fallbackName);
    setBusy(false);
    if (refused === undefined) onDone();
    else setError(refused);
  };
  return { busy, error, run };
}

/** ORDER-15, ORDER-16: the export of the orders the list shows, over days the buyer confirms. */
function ExportDialog({ state, onClose }: { state: OrderListState; onClose: () => void }) {
  const styles = useStyles();
  const form = useRulesForm<ExportForm>(EXPORT_RULES, {
    format: 'xlsx',
    encoding: 'utf8',
    content: 'lines',
    ...exportRange(state, new Date()),
  });
  const download = useDownload(onClose);
  const csv = form.watch('format') === 'csv';
  const submit = form.handleSubmit((values) => download.run(exportHref(state, values), `orders.${values.format}`));
  return (
    <FormDialog
      title="导出订单"
      submitLabel="导出"
      busy={download.busy}
      error={download.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <p className={styles.scope}>
        按当前筛选导出：{state.tab.label}
        {state.keyword ? `，含“${state.keyword}”` : ''}。每次最多366天。
      </p>
      <div className={styles.days}>
        <FormField form={form} name="from" label="下单日期从" required>
          {(input) => <Input {...input} type="date" />}
        </FormField>
        <FormField form={form} name="to" label="至" required>
          {(input) => <Input {...input} type="date" />}
        </FormField>
      </div>
      <FormField form={form} name="format" label="文件格式">
        {(input) => (
          <Select {...input}>
            <option value="xlsx">Excel（.xlsx，含订单明细和订单汇总）</option>
            <option value="csv">CSV（供ERP导入）</option>
          </Select>
        )}
      </FormField>
      {csv ? (
        <>
          <FormField form={form} name="content" label="导出内容">
            {(input) => (
              <Select {...input}>
                <option value="lines">订单明细（每行一个商品）</option>
                <option value="orders">订单汇总（每行一个订单）</option>
              </Select>
            )}
          </FormField>
          <FormField form={form} name="encoding" label="文字编码" hint="较早的ERP和Excel请选GBK">
            {(input) => (
              <Select {...input}>
                <option value="utf8">UTF-8</option>
                <option value="gbk">GBK</option>
              </Select>
            )}
          </FormField>
        </>
      ) : null}
    </FormDialog>
  );
}

/** ORDER-17: a month's statement of purchases, as PDF or Excel. */
function StatementDialog({ onClose }: { onClose: () => void }) {
  const form = useRulesForm<StatementForm>(STATEMENT_RULES, { month: lastMonth(new Date()), format: 'pdf' });
  const download = useDownload(onClose);
  const submit = form.handleSubmit((values) =>
    download.run(statementHref(values.month, values.format), `statement-${values.month}.${values.format}`),
  );
  return (
    <FormDialog
      title="月度对账单"
      submitLabel="下载对账单"
      busy={download.busy}
      error={download.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <FormField form={form} name="month" label="对账月份" required hint="按下单时间统计，已取消的订单不计">
        {(input) => <Input {...input} type="month" />}
      </FormField>
      <FormField form={form} name="format" label="文件格式">
        {(input) => (
          <Select {...input}>
            <option value="pdf">PDF</option>
            <option value="xlsx">Excel（.xlsx）</option>
          </Select>
        )}
      </FormField>
    </FormDialog>
  );
}

/** The order list's tools for finance and the ERP: the export of what the list shows, and the month's statement. */
export function OrderFilesBar({ state }: { state: OrderListState }) {
  const styles = useStyles();
  const [open, setOpen] = useState<'export' | 'statement' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className={styles.bar} role="group" aria-label="导出与对账">
      <Button onClick={() => setOpen('export')}>导出订单</Button>
      <Button onClick={() => setOpen('statement')}>月度对账单</Button>
      {open === 'export' ? <ExportDialog state={state} onClose={close} /> : null}
      {open === 'statement' ? <StatementDialog onClose={close} /> : null}
    </div>
  );
}
