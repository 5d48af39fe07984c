import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { graphql } from '../../gql';
import type { OnlinePaymentKind, PaymentMethodCode, PayPanel_PaymentFragment } from '../../gql/graphql';
import { donePath } from '../../shared/cart-steps';
import { formatPrice } from '../../shared/money';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { BalancePassword, balancePasswordReady, useBalancePassword } from './BalancePassword';
import { OnlinePayPanel } from './OnlinePayPanel';
import {
  creditBlock,
  initialMethod,
  methodLabel,
  needsPayPassword,
  payActionOf,
  payButtonText,
  payView,
} from './pay-state';
import { TransferPanel, TransferWaiting } from './TransferPanel';

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
    bankAccount {
      name
      bank
      accountNumber
    }
    credit {
      available {
        fen
        amount
      }
      overdue {
        fen
      }
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
      transfer {
        ...TransferState_transfer
      }
    }
  }
`);

export const PayOrderMutation = graphql(`
  mutation PayOrder($orderId: ID!, $method: PaymentMethodCode!, $payPassword: String) {
    payOrder(orderId: $orderId, method: $method, payPassword: $payPassword) {
      order {
        id
        status
        statusText
        paymentMethod
        paidAt
      }
      onlinePayment {
        kind
        url
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

/**
 * The pay UI of /cart/step3 and /cart/hm: the amount, the ways to pay and the chosen way's own part: the balance,
 * a bank transfer with its slip (PAY-05, PAY-06), or an online payment by QR code or the provider's page (PAY-08,
 * PAY-09). An order whose slip waits for the platform shows that it waits (待确认) instead.
 */
export function PayPanel({ payment }: { payment: PayPanel_PaymentFragment }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { order } = payment;
  const balanceCovers = payment.balance.fen >= order.amounts.payable.fen;
  const [method, setMethod] = useState<PaymentMethodCode | null>(() => initialMethod(payment.methods));
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);
  const [online, setOnline] = useState<{ kind: OnlinePaymentKind; url: string; name: string } | null>(null);
  const [pay, paying] = useMutation(PayOrderMutation);
  // One payment request at a time, even for two clicks in one frame.
  const sending = useRef(false);
  const view = payView(order);
  const action = method ? payActionOf(method) : null;
  const balanceShort = method === 'BALANCE' && !balanceCovers;
  // PAY-14: the balance pays only with the payment password; the typed digits live here, never in the cache.
  const [payPassword, setPayPassword] = useState('');
  const password = useBalancePassword();
  const passwordMissing = needsPayPassword(method) && !balancePasswordReady(password.status, payPassword);
  // CREDIT-04, CREDIT-05: what keeps the credit line from paying, said before the buyer tries.
  const creditRefusal = method === 'CREDIT' ? creditBlock(payment.credit, order.amounts.payable.fen) : null;

  const submit = async () => {
    if (sending.current || !method) return;
    sending.current = true;
    setUserErrors([]);
    try {
      const result = await pay({
        variables: { orderId: order.id, method, ...(needsPayPassword(method) ? { payPassword } : {}) },
      });
      const answer = result.data?.payOrder;
      if (answer?.onlinePayment) {
        const name = payment.methods.find((m) => m.code === method)?.name ?? '';
        setOnline({ ...answer.onlinePayment, name });
        return;
      }
      if (answer && answer.userErrors.length === 0 && answer.order?.status !== 'UNPAID') {
        void navigate(donePath(order.id), { replace: true });
        return;
      }
      setUserErrors(answer?.userErrors ?? []);
      if (answer?.userErrors.some((error) => error.code === 'PAY_PASSWORD_WRONG')) setPayPassword('');
    } catch {
      // The error link has shown what went wrong (a locked password: RATE_LIMITED); the status below says it too.
      password.refresh();
    } finally {
      sending.current = false;
    }
  };

  const facts = (
    <FactList
      facts={[
        { label: '订单号', value: order.orderSn },
        { label: '订单状态', value: order.statusText },
        { label: '应付金额', value: <Price money={order.amounts.payable} size="large" className={styles.payable} /> },
      ]}
    />
  );

  if (view.kind === 'transfer-waiting') {
    return (
      <Panel label="支付订单" last className={styles.panel}>
        {facts}
        <TransferWaiting payment={payment} />
      </Panel>
    );
  }

  if (online) {
    return (
      <Panel label="支付订单" last className={styles.panel}>
        {facts}
        <OnlinePayPanel
          orderId={order.id}
          methodName={online.name}
          kind={online.kind}
          url={online.url}
          onCancel={() => setOnline(null)}
        />
      </Panel>
    );
  }

  return (
    <Panel label="支付订单" last className={styles.panel}>
      {facts}
      {view.kind === 'choose' && view.rejected ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            上次提交的转账凭证未通过确认：{view.rejected}。请核对后重新上传凭证，或选择其他支付方式。
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <h2 id="pay-methods" className={styles.title}>
        支付方式
      </h2>
      <RadioGroup
        aria-labelledby="pay-methods"
        value={method ?? ''}
        onChange={(_event, data) => {
          setUserErrors([]);
          setMethod(data.value as PaymentMethodCode);
        }}
      >
        {payment.methods.map((item) => (
          <Radio
            key={item.code}
            value={item.code}
            disabled={!item.enabled}
            label={methodLabel(
              item,
              formatPrice(payment.balance),
              payment.credit ? formatPrice(payment.credit.available) : '',
            )}
          />
        ))}
      </RadioGroup>
      {balanceShort ? (
        <MessageBar intent="warning">
          <MessageBarBody>余额不足，请选择其他支付方式或充值后再付款。</MessageBarBody>
        </MessageBar>
      ) : null}
      {creditRefusal ? (
        <MessageBar intent="warning">
          <MessageBarBody>{creditRefusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      {action === 'transfer' ? (
        <TransferPanel payment={payment} />
      ) : (
        <>
          {(method === 'BALANCE' && balanceCovers) || (method === 'CREDIT' && !creditRefusal) ? (
            <BalancePassword
              status={password.status}
              refresh={password.refresh}
              value={payPassword}
              onChange={setPayPassword}
            />
          ) : null}
          <UserErrors errors={userErrors} />
          <Button
            appearance="primary"
            size="large"
            className={styles.pay}
            disabled={
              !method || paying.loading || order.status !== 'UNPAID' || passwordMissing || Boolean(creditRefusal)
            }
            onClick={() => void submit()}
          >
            {payButtonText(action ?? 'balance', paying.loading)}
          </Button>
        </>
      )}
    </Panel>
  );
}
