import { useMutation } from '@apollo/client/react';
import { Button, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { graphql } from '../../gql';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { notify } from '../../shared/notify';
import { REPAYMENT_FIELDS, repaymentRules, yuanToFen, type RepaymentForm } from './credit-rules';

export const ReportCreditRepaymentMutation = graphql(`
  mutation ReportCreditRepayment($input: ReportCreditRepaymentInput!) {
    reportCreditRepayment(input: $input) {
      repayment {
        id
        status
      }
    }
  }
`);

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground2 },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    alignItems: 'start',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    maxWidth: '760px',
    marginTop: tokens.spacingVerticalM,
  },
  wide: { gridColumn: '1 / -1' },
});

/**
 * 还款 (CREDIT-06): the platform's account to transfer to, and the form that reports a transfer sent; it counts once
 * the platform confirms the money arrived.
 */
export function RepaymentPanel({
  owed,
  owedText,
  bankAccount,
  onReported,
}: {
  owed: number;
  owedText: string;
  bankAccount: { name: string; bank: string; accountNumber: string };
  onReported: () => void;
}) {
  const styles = useStyles();
  const form = useRulesForm<RepaymentForm>(repaymentRules(owed), { amount: '', payerName: '', remark: '' });
  const [report, { loading }] = useMutation(ReportCreditRepaymentMutation);
  const submit = form.handleSubmit(async (values) => {
    try {
      await report({
        variables: {
          input: { amountFen: yuanToFen(values.amount) ?? 0, payerName: values.payerName, remark: values.remark },
        },
        context: INLINE_INPUT_ERRORS,
      });
    } catch (error) {
      setServerErrors(error, form.setError, REPAYMENT_FIELDS, { rename: { amountFen: 'amount' } });
      return;
    }
    form.reset();
    notify({ kind: 'toast', intent: 'success', text: '还款信息已提交，平台确认到账后恢复额度' });
    onReported();
  });
  return (
    <Panel title="还款" last>
      <p className={styles.intro}>
        请通过对公转账将还款汇入以下平台账户（转账备注请写明贵公司名称），转账后在下方填写还款信息。平台确认到账后，已用额度相应减少；还款按到期日先后冲抵账期订单。当前待还
        {owedText}。
      </p>
      <FactList
        layout="columns"
        facts={[
          { label: '户名', value: bankAccount.name },
          { label: '开户行', value: bankAccount.bank },
          { label: '账号', value: bankAccount.accountNumber },
        ]}
      />
      <form
        method="post"
        className={styles.form}
        onSubmit={(event) => void submit(event)}
        aria-label="还款信息"
        noValidate
      >
        <FormField form={form} name="amount" label="还款金额（元）" required hint="最多两位小数">
          {(input) => <Input {...input} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField form={form} name="payerName" label="付款户名" hint="转出账户的户名">
          {(input) => <Input {...input} autoComplete="organization" />}
        </FormField>
        <FormField form={form} name="remark" label="备注" className={styles.wide}>
          {(input) => <Textarea {...input} resize="vertical" />}
        </FormField>
        <div>
          <Button type="submit" appearance="primary" disabled={loading || owed === 0}>
            {loading ? '正在提交…' : '提交还款信息'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
