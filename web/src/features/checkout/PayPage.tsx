import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import { orderNextPath, orderPath } from '../../shared/cart-steps';
import { PayPanel } from './PayPanel';

export const PayPageQuery = graphql(`
  query PayPage($orderId: ID!) {
    payment(orderId: $orderId) {
      ...PayPanel_payment
    }
  }
`);

const useStyles = makeStyles({ heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' } });

/** /cart/step3/:id (cart_step3): pay an unpaid order. */
export default function PayPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  // The balance and the order's state are read fresh: another tab may have paid it.
  const { data, loading } = useQuery(PayPageQuery, { variables: { orderId: id }, fetchPolicy: 'network-only' });
  if (!data) return <EmptyState title={loading ? '正在加载支付信息…' : '支付信息暂时无法加载'} />;
  const payment = data.payment;
  if (!payment || payment.order.status !== 'UNPAID') {
    return (
      <EmptyState title="该订单无需支付">
        <Link to={orderPath(id)}>查看订单</Link>
      </EmptyState>
    );
  }
  // Goods with ephedrine-type ingredients are paid only after the receipt step.
  if (payment.order.needsReceipt && !payment.order.receiptDone)
    return <Navigate to={orderNextPath(payment.order)} replace />;
  return (
    <>
      <h1 className={styles.heading}>支付订单</h1>
      <PayPanel payment={payment} />
    </>
  );
}
