import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { graphql } from '../../gql';
import type { PaymentMethodCode, PayPanel_PaymentFragment } from '../../gql/graphql';
import { donePath } from '../../shared/cart-steps';
import { formatPrice } from '../../shared/money';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';

export const PayPanelFragment = graphql(`
  fragment PayPanel_payment on Payment {
    balance {
      fen
      amount
    }
    methods {
      code
      name
      enabled
    }
    order {
      id
      orderSn
      status
      statusText
      needsReceipt
      receiptDone
      amounts {
        payable {
          ...Price_money
        }
      }
    }
  }
`);

export const PayOrderMutation = graphql(`
  mutation PayOrder($orderId: ID!, $method: PaymentMethodCode!) {
    payOrder(orderId: $orderId, method: $method) {
      order {
        id
        status
        statusText
        paymentMethod
        paidAt
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
  }
`);

const useStyles = makeStyles({
  panel: { gap: tokens.spacingVerticalM },
  payable: { fontSize: tokens.fontSizeBase600 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  pay: {
    justifySelf: 'start',
    minWidth: '140px',
  },
});

/** The pay UI of /cart/step3 and /cart/hm: the amount, the ways to pay, the wallet balance and 确认支付. */
export function PayPanel({ payment }: { payment: PayPanel_PaymentFragment }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const firstEnabled = payment.methods.find((method) => method.enabled)?.code ?? null;
  const [method, setMethod] = useState<PaymentMethodCode | null>(firstEnabled);
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);
  const [pay, paying] = useMutation(PayOrderMutation);
  // One payment request at a time, even for two clicks in one frame.
  const sending = useRef(false);
  const { order } = payment;
  const balanceShort = method === 'BALANCE' && payment.balance.fen < order.amounts.payable.fen;

  const submit = async () => {
    if (sending.current || !method) return;
    sending.current = true;
    setUserErrors([]);
    try {
      const result = await pay({ variables: { orderId: order.id, method } });
      const answer = result.data?.payOrder;
      if (answer && answer.userErrors.length === 0 && answer.order?.status !== 'UNPAID') {
        void navigate(donePath(order.id), { replace: true });
        return;
      }
      setUserErrors(answer?.userErrors ?? []);
    } catch {
      // The error link has shown what went wrong.
    } finally {
      sending.current = false;
    }
  };

  return (
    <Panel label="支付订单" last className={styles.panel}>
      <FactList
        facts={[
          { label: '订单号', value: order.orderSn },
          { label: '应付金额', value: <Price money={order.amounts.payable} size="large" className={styles.payable} /> },
        ]}
      />
      <h2 id="pay-methods" className={styles.title}>
        支付方式
      </h2>
      <RadioGroup
        aria-labelledby="pay-methods"
        value={method ?? ''}
        onChange={(_event, data) => setMethod(data.value as PaymentMethodCode)}
      >
        {payment.methods.map((item) => (
          <Radio
            key={item.code}
            value={item.code}
            disabled={!item.enabled}
            label={
              item.code === 'BALANCE'
                ? `${item.name}（可用余额 ${formatPrice(payment.balance)}）`
                : item.enabled
                  ? item.name
                  : `${item.name}（暂未开通）`
            }
          />
        ))}
      </RadioGroup>
      {balanceShort ? (
        <MessageBar intent="warning">
          <MessageBarBody>余额不足，请选择其他支付方式或充值后再付款。</MessageBarBody>
        </MessageBar>
      ) : null}
      <UserErrors errors={userErrors} />
      <Button
        appearance="primary"
        size="large"
        className={styles.pay}
        disabled={!method || paying.loading || order.status !== 'UNPAID'}
        onClick={() => void submit()}
      >
        {paying.loading ? '正在支付…' : '确认支付'}
      </Button>
    </Panel>
  );
}
