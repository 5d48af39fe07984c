import { useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { orderPath } from '../../shared/cart-steps';
import { useFormLayoutStyles } from '../../shared/form/form-layout';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { required, type FieldRules } from '../../shared/form/rules';
import { ID_CARD_RULE_TEXT, isIdCard } from './id-card';
import { PayPanel } from './PayPanel';
import { useFreshFetchPolicy } from '../../shared/fresh';

export const ReceiptPageQuery = graphql(`
  query ReceiptPage($orderId: ID!) {
    payment(orderId: $orderId) {
      ...PayPanel_payment
    }
  }
`);

export const ConfirmReceiptMutation = graphql(`
  mutation ConfirmReceipt($orderId: ID!, $name: String!, $idCard: String!) {
    confirmReceipt(orderId: $orderId, name: $name, idCard: $idCard) {
      order {
        id
        receiptDone
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
  }
`);

interface ReceiptValues {
  name: string;
  idCard: string;
}

const RECEIPT_RULES: FieldRules<ReceiptValues> = {
  name: required('请填写收货人姓名'),
  idCard: (value) => (isIdCard(value) ? undefined : ID_CARD_RULE_TEXT),
};

const useStyles = makeStyles({
  frame: {
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** /cart/hm (cart_hm): the receipt step for goods with ephedrine-type ingredients, then the same pay UI. */
export default function ReceiptPage() {
  const styles = useStyles();
  const layout = useFormLayoutStyles();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const fresh = useFreshFetchPolicy();
  const { data, loading } = useQuery(ReceiptPageQuery, {
    variables: { orderId },
    skip: orderId === '',
    ...fresh,
  });
  const [confirm, confirming] = useMutation(ConfirmReceiptMutation);
  const form = useRulesForm<ReceiptValues>(RECEIPT_RULES, { name: '', idCard: '' });
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);

  if (orderId === '') return <EmptyState title="没有要支付的订单" />;
  if (!data) return <EmptyState title={loading ? '正在加载订单…' : '订单暂时无法加载'} />;
  const payment = data.payment;
  if (!payment || payment.order.status !== 'UNPAID') {
    return (
      <EmptyState title="该订单无需支付">
        <Link to={orderPath(orderId)}>查看订单</Link>
      </EmptyState>
    );
  }

  const submit = form.handleSubmit(async ({ name, idCard }) => {
    setUserErrors([]);
    try {
      const result = await confirm({
        variables: { orderId, name: name.trim(), idCard: idCard.trim().toUpperCase() },
        // The payment query reads receiptDone: asking again shows the pay UI once the step is recorded.
        refetchQueries: [ReceiptPageQuery],
        awaitRefetchQueries: true,
      });
      setUserErrors(result.data?.confirmReceipt.userErrors ?? []);
    } catch {
      // The error link has shown what went wrong.
    }
  });

  return (
    <>
      <SectionHeading>支付订单</SectionHeading>
      {payment.order.receiptDone ? null : (
        <form
          method="post"
          className={mergeClasses(layout.grid, styles.frame)}
          aria-label="实名登记"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <MessageBar intent="info" className={layout.wide}>
            <MessageBarBody>订单含麻黄碱类药品，按规定需登记收货人姓名和身份证号码后付款。</MessageBarBody>
          </MessageBar>
          <FormField form={form} name="name" label="收货人姓名" required>
            {(input) => <Input {...input} />}
          </FormField>
          <FormField form={form} name="idCard" label="身份证号码" required>
            {(input) => <Input {...input} maxLength={18} />}
          </FormField>
          <UserErrors errors={userErrors} className={layout.wide} />
          <div className={layout.actions}>
            <Button type="submit" appearance="primary" disabled={confirming.loading}>
              确认登记
            </Button>
          </div>
        </form>
      )}
      {payment.order.receiptDone ? <PayPanel payment={payment} /> : null}
    </>
  );
}
