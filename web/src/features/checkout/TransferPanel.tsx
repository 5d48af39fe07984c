import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FileUpload, type UploadedFile } from '../../components/FileUpload';
import { FactList } from '../../components/FactList';
import { Price } from '../../components/Price';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { graphql } from '../../gql';
import type { PayPanel_PaymentFragment } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
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
          id
          status
          statusText
          rejectReason
          payerName
          createdAt
        }
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
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

/**
 * PAY-05, PAY-06: paying by bank transfer (对公转账): the platform's account and the amount to send, then the slip
 * the buyer uploads. Once sent, the order waits for the platform (待确认) and the pay page says so.
 */
export function TransferPanel({ payment }: { payment: Payment }) {
  const styles = useStyles();
  const { order, bankAccount } = payment;
  const [slip, setSlip] = useState<UploadedFile | null>(null);
  const [payerName, setPayerName] = useState('');
  const [remark, setRemark] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);
  const [submit, submitting] = useMutation(SubmitTransferMutation);
  const sending = useRef(false);

  const send = async () => {
    if (sending.current) return;
    if (!slip) {
      setFieldErrors({ slipFileId: '请先上传转账凭证' });
      return;
    }
    sending.current = true;
    setFieldErrors({});
    setUserErrors([]);
    try {
      const context: InlineInputErrorsContext = { inlineInputErrors: true };
      const result = await submit({
        variables: { input: { orderId: order.id, slipFileId: slip.id, payerName, remark } },
        context,
      });
      setUserErrors(result.data?.submitTransfer.userErrors ?? []);
    } catch (failure) {
      // Field refusals show beside their fields; other failures were shown by the error link.
      const fields = CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors) : null;
      if (fields) setFieldErrors(fields);
    } finally {
      sending.current = false;
    }
  };

  return (
    <div className={styles.box}>
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
        onUploaded={(file) => {
          setSlip(file);
          setFieldErrors((errors) => ({ ...errors, slipFileId: '' }));
        }}
      />
      {fieldErrors.slipFileId ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{fieldErrors.slipFileId}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.fields}>
        <Field
          label="付款户名（选填）"
          validationState={fieldErrors.payerName ? 'error' : 'none'}
          validationMessage={fieldErrors.payerName}
        >
          <Input value={payerName} maxLength={50} onChange={(_e, data) => setPayerName(data.value)} />
        </Field>
        <Field
          label="备注（选填）"
          validationState={fieldErrors.remark ? 'error' : 'none'}
          validationMessage={fieldErrors.remark}
        >
          <Input value={remark} maxLength={200} onChange={(_e, data) => setRemark(data.value)} />
        </Field>
      </div>
      <UserErrors errors={userErrors} />
      <Button
        appearance="primary"
        size="large"
        className={styles.submit}
        disabled={submitting.loading}
        onClick={() => void send()}
      >
        {payButtonText('transfer', submitting.loading)}
      </Button>
    </div>
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
