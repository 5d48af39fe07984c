import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { orderNextPath, orderPath } from '../../shared/cart-steps';
import { PayPanel } from './PayPanel';
import { useFreshFetchPolicy } from '../../shared/fresh';

export const PayPageQuery = graphql(`
  query PayPage($orderId: ID!) {
    payment(orderId: $orderId) {
      ...PayPanel_payment
    }
  }
`);

/** /cart/step3/:id (cart_step3): pay an unpaid order. */
export default function PayPage() {
  const { id = '' } = useParams();
  // The balance and the order's state are read fresh: another tab may have paid it.
  const fresh = useFreshFetchPolicy();
  const { data, loading } = useQuery(PayPageQuery, { variables: { orderId: id }, ...fresh });
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
      <SectionHeading>支付订单</SectionHeading>
      <PayPanel payment={payment} />
    </>
  );
}
