import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { FactList } from '../../components/FactList';
import { OrderLineList } from '../../components/OrderLineList';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { OrderAmountList } from '../../components/OrderAmountList';
import { graphql } from '../../gql';
import type { PaymentMethodCode } from '../../gql/graphql';
import { orderNextPath } from '../../shared/cart-steps';
import { goodsDetailPath } from '../../shared/goods-detail';
import { INVOICE_TEXT } from '../../shared/invoice';
import { formatPrice } from '../../shared/money';
import { toast } from '../../shared/notify';
import { formatDateTime } from '../../shared/time';

export const OrderDetailQuery = graphql(`
  query OrderDetail($id: ID!) {
    order(id: $id) {
      id
      orderSn
      status
      statusText
      remark
      invoiceType
      needsReceipt
      receiptDone
      paymentMethod
      paidAt
      createdAt
      amounts {
        ...OrderAmountList_amounts
      }
      address {
        consignee
        phone
        fullAddress
      }
      lines {
        goodsId
        name
        manufacturer
        spec
        packingUnit
        image
        number
        price {
          ...Price_money
        }
        total {
          ...Price_money
        }
        combination {
          id
          name
          number
          sets
        }
        groupBuyId
      }
    }
  }
`);

export const CancelOrderMutation = graphql(`
  mutation CancelOrder($orderId: ID!) {
    cancelOrder(orderId: $orderId) {
      order {
        id
        status
        statusText
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
  }
`);

const METHOD_TEXT: Record<PaymentMethodCode, string> = { BALANCE: '余额支付', WECHAT: '微信支付', ALIPAY: '支付宝' };

const useStyles = makeStyles({
  status: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  address: { margin: 0 },
  nameLink: { color: 'inherit', ':hover': { color: tokens.colorBrandForeground1 } },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
});

/** /order/info/:id (order_wddd_info): one order with its lines, amounts, address and, while unpaid, pay or cancel. */
export default function OrderDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading } = useQuery(OrderDetailQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [cancel, cancelling] = useMutation(CancelOrderMutation);
  const [asking, setAsking] = useState(false);
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);

  const order = data?.order;
  if (!order) {
    return (
      <EmptyState title={loading ? '正在加载订单…' : '找不到这个订单'}>
        <Link to="/order">返回我的订单</Link>
      </EmptyState>
    );
  }

  const cancelConfirmed = async () => {
    setAsking(false);
    setUserErrors([]);
    try {
      const result = await cancel({ variables: { orderId: order.id } });
      const errors = result.data?.cancelOrder.userErrors ?? [];
      setUserErrors(errors);
      if (errors.length === 0) toast('订单已取消', 'success');
    } catch {
      // The error link has shown what went wrong.
    }
  };

  return (
    <>
      <SectionHeading>订单详情</SectionHeading>
      <Panel label="订单信息">
        <FactList
          layout="columns"
          facts={[
            { label: '订单号', value: order.orderSn },
            { label: '订单状态', value: <span className={styles.status}>{order.statusText}</span> },
            { label: '下单时间', value: formatDateTime(order.createdAt) },
            { label: '支付时间', value: order.paidAt ? formatDateTime(order.paidAt) : null },
            { label: '支付方式', value: order.paymentMethod ? METHOD_TEXT[order.paymentMethod] : null },
            { label: '发票', value: INVOICE_TEXT[order.invoiceType] },
            { label: '备注', value: order.remark || null },
            { label: '实名登记', value: order.needsReceipt ? (order.receiptDone ? '已登记' : '待登记') : null },
          ]}
        />
      </Panel>
      <Panel title="收货地址" titleId="order-address">
        <p className={styles.address}>
          {order.address.consignee} {order.address.phone} {order.address.fullAddress}
        </p>
      </Panel>
      <Panel title={`商品（${order.lines.length} 种）`} titleId="order-lines">
        <OrderLineList
          lines={order.lines.map((line, index) => ({
            key: `${line.goodsId}-${index}`,
            image: line.image ?? undefined,
            alt: line.name,
            name: (
              <>
                {line.combination ? '【组合】' : line.groupBuyId ? '【拼团】' : ''}
                <Link className={styles.nameLink} to={goodsDetailPath(line.goodsId)}>
                  {line.name}
                </Link>
              </>
            ),
            details: [
              `${line.spec ?? '—'} · ${line.manufacturer} · ${formatPrice(line.price)} × ${line.number}${line.packingUnit ?? ''}`,
              ...(line.combination
                ? [
                    `${line.combination.name}：每组 ${line.combination.number}${line.packingUnit ?? '件'} × ${line.combination.sets} 组`,
                  ]
                : []),
            ],
            total: line.total,
          }))}
        />
      </Panel>
      <Panel label="订单金额">
        <OrderAmountList amounts={order.amounts} payableLabel={order.paidAt ? '实付金额' : '应付金额'} />
        <UserErrors errors={userErrors} />
        {order.status === 'UNPAID' ? (
          <div className={styles.actions}>
            <Button disabled={cancelling.loading} onClick={() => setAsking(true)}>
              取消订单
            </Button>
            <Button appearance="primary" onClick={() => void navigate(orderNextPath(order))}>
              去支付
            </Button>
          </div>
        ) : null}
      </Panel>
      <ConfirmDialog
        open={asking}
        onConfirm={() => void cancelConfirmed()}
        cancelLabel="再想想"
        onClose={() => setAsking(false)}
      >
        确定要取消该订单吗？取消后商品库存和优惠券将退回。
      </ConfirmDialog>
    </>
  );
}
