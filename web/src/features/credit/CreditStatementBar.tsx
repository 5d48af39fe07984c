import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { downloadFile } from '../../shared/download-file';
import { creditMonthProblem, creditStatementHref, thisMonth, type CreditStatementFormat } from './credit-rules';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalS },
  month: { maxWidth: '180px' },
});

/** CREDIT-08: a month's credit statement (账期对账单), as a PDF or an .xlsx, fetched with the buyer's session. */
export function CreditStatementBar() {
  const styles = useStyles();
  const [month, setMonth] = useState(() => thisMonth(new Date()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const problem = creditMonthProblem(month, new Date());
  const download = async (format: CreditStatementFormat) => {
    if (problem !== undefined || busy) return;
    setBusy(true);
    setError(undefined);
    setError(await downloadFile(creditStatementHref(month, format), `credit-statement-${month}.${format}`));
    setBusy(false);
  };
  return (
    <>
      <div className={styles.bar}>
        <Field label="对账月份" validationMessage={problem} validationState={problem ? 'error' : 'none'}>
          <Input
            type="month"
            className={styles.month}
            value={month}
            onChange={(_event, data) => setMonth(data.value)}
          />
        </Field>
        <Button disabled={busy || problem !== undefined} onClick={() => void download('pdf')}>
          下载对账单（PDF）
        </Button>
        <Button disabled={busy || problem !== undefined} onClick={() => void download('xlsx')}>
          下载对账单（Excel）
        </Button>
      </div>
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
