import { useMutation } from '@apollo/client/react';
import { Button, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { FileUpload } from '../../components/FileUpload';
import { FactList } from '../../components/FactList';
import { Price } from '../../components/Price';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { graphql } from '../../gql';
import type { PayPanel_PaymentFragment } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { required, type FieldRules } from '../../shared/form/rules';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { formatDateTime } from '../../shared/time';
import { payButtonText } from './pay-state';

export const SubmitTransferMutation = graphql(`
  mutation SubmitTransfer($input: SubmitTransferInput!) {
    submitTransfer(input: $input) {
      order {
        id
        status
        statusText
        transfer {
          ...TransferState_transfer
        }
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
  }
`);

/** A transfer's state as the pay page shows it, the same after paying as after submitting the slip. */
export const TransferStateFragment = graphql(`
  fragment TransferState_transfer on BankTransfer {
    id
    status
    statusText
    rejectReason
    payerName
    createdAt
  }
`);

const useStyles = makeStyles({
  box: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  account: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-all' },
  },
  fields: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  },
  submit: { justifySelf: 'start', minWidth: '140px' },
});

type Payment = PayPanel_PaymentFragment;

/** What the transfer form holds: the uploaded slip's id and the two optional texts, as the form layer's fields are. */
interface TransferForm {
  slipFileId: string;
  payerName: string;
  remark: string;
}

const TRANSFER_FIELDS = ['slipFileId', 'payerName', 'remark'] as const;

/** PAY-06: the upstream's own limits and words (a slip, 50 and 200 characters), checked before sending. */
const transferRules: FieldRules<TransferForm> = {
  slipFileId: required('请先上传转账凭证'),
  payerName: (value) => (value.trim().length > 50 ? '付款户名最多50个字' : undefined),
  remark: (value) => (value.trim().length > 200 ? '备注最多200个字' : undefined),
};

/**
 * PAY-05, PAY-06: paying by bank transfer (对公转账): the platform's account and the amount to send, then the slip
 * the buyer uploads. Once sent, the order waits for the platform (待确认) and the pay page says so.
 */
export function TransferPanel({ payment }: { payment: Payment }) {
  const styles = useStyles();
  const { order, bankAccount } = payment;
  const form = useRulesForm<TransferForm>(transferRules, { slipFileId: '', payerName: '', remark: '' });
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);
  const [submitTransfer, submitting] = useMutation(SubmitTransferMutation);
  const slipError = form.formState.errors.slipFileId?.message;

  const submit = form.handleSubmit(async ({ slipFileId, payerName, remark }) => {
    setUserErrors([]);
    try {
      const result = await submitTransfer({
        variables: { input: { orderId: order.id, slipFileId, payerName, remark } },
        context: INLINE_INPUT_ERRORS,
      });
      setUserErrors(result.data?.submitTransfer.userErrors ?? []);
    } catch (error) {
      // Field refusals show beside their fields; other failures were shown by the error link.
      setServerErrors(error, form.setError, TRANSFER_FIELDS);
    }
  });

  return (
    <form
      method="post"
      className={styles.box}
      onSubmit={(event) => void submit(event)}
      aria-label="对公转账"
      noValidate
    >
      <h3 className={styles.title}>请向以下平台对公账户转账</h3>
      <dl className={styles.account} aria-label="平台收款账户">
        <dt>户名</dt>
        <dd>{bankAccount.name}</dd>
        <dt>开户行</dt>
        <dd>{bankAccount.bank}</dd>
        <dt>账号</dt>
        <dd>{bankAccount.accountNumber}</dd>
        <dt>转账金额</dt>
        <dd>
          <Price money={order.amounts.payable} />
        </dd>
      </dl>
      <FactList facts={[{ label: '转账备注请填写订单号', value: order.orderSn }]} />
      <FileUpload
        label="上传转账凭证"
        purpose="TRANSFER"
        hint="银行回单或转账截图，支持JPG、PNG、PDF格式，不超过5MB"
        onUploaded={(file) => form.setValue('slipFileId', file.id, { shouldValidate: form.formState.isSubmitted })}
      />
      {slipError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{slipError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.fields}>
        <FormField form={form} name="payerName" label="付款户名（选填）">
          {(input) => <Input {...input} maxLength={50} autoComplete="organization" />}
        </FormField>
        <FormField form={form} name="remark" label="备注（选填）">
          {(input) => <Input {...input} maxLength={200} autoComplete="off" />}
        </FormField>
      </div>
      <UserErrors errors={userErrors} />
      <Button
        type="submit"
        appearance="primary"
        size="large"
        className={styles.submit}
        disabled={submitting.loading || form.formState.isSubmitting}
      >
        {payButtonText('transfer', submitting.loading)}
      </Button>
    </form>
  );
}

/** PAY-06: the slip was sent; the order waits for the platform to confirm the money arrived (待确认). */
export function TransferWaiting({ payment }: { payment: Payment }) {
  const { transfer } = payment.order;
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        转账凭证已提交{transfer ? `（${formatDateTime(transfer.createdAt)}）` : ''}，等待平台确认收款。
        平台确认收款后订单即为已支付，届时将通过消息通知您；如长时间未确认，请联系客服。{' '}
        <Link to={orderPath(payment.order.id)}>查看订单</Link>
      </MessageBarBody>
    </MessageBar>
  );
}
