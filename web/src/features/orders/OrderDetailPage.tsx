import { useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { GoodsImage } from '../../components/GoodsImage';
import { OrderAmountList } from '../../components/OrderAmountList';
import { graphql } from '../../gql';
import type { PaymentMethodCode } from '../../gql/graphql';
import { orderNextPath } from '../../shared/cart-steps';
import { goodsDetailPath } from '../../shared/goods-detail';
import { INVOICE_TEXT } from '../../shared/invoice';
import { formatPrice } from '../../shared/money';
import { toast } from '../../shared/notify';
import { formatDateTime } from '../../shared/time';
import { marketTokens } from '../../theme/theme';

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
          fen
          amount
        }
        total {
          fen
          amount
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
        message
        field
        code
      }
    }
  }
`);

const METHOD_TEXT: Record<PaymentMethodCode, string> = { BALANCE: '余额支付', WECHAT: '微信支付', ALIPAY: '支付宝' };

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  section: {
    display: 'grid',
    gap: '8px',
    padding: '16px',
    marginBottom: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: '6px 24px',
    margin: 0,
  },
  status: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '8px' },
  line: { display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', gap: '12px', alignItems: 'center' },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  nameLink: { color: 'inherit', ':hover': { color: tokens.colorBrandForeground1 } },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  total: { color: marketTokens.colorPrice, whiteSpace: 'nowrap' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: '12px' },
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
      <h1 className={styles.heading}>订单详情</h1>
      <section className={styles.section} aria-label="订单信息">
        <div className={styles.facts}>
          <div>
            订单号：<span>{order.orderSn}</span>
          </div>
          <div>
            订单状态：<span className={styles.status}>{order.statusText}</span>
          </div>
          <div>下单时间：{formatDateTime(order.createdAt)}</div>
          {order.paidAt ? <div>支付时间：{formatDateTime(order.paidAt)}</div> : null}
          {order.paymentMethod ? <div>支付方式：{METHOD_TEXT[order.paymentMethod]}</div> : null}
          <div>发票：{INVOICE_TEXT[order.invoiceType]}</div>
          {order.remark ? <div>备注：{order.remark}</div> : null}
          {order.needsReceipt ? <div>实名登记：{order.receiptDone ? '已登记' : '待登记'}</div> : null}
        </div>
      </section>
      <section className={styles.section} aria-labelledby="order-address">
        <h2 id="order-address" className={styles.title}>
          收货地址
        </h2>
        <p style={{ margin: 0 }}>
          {order.address.consignee} {order.address.phone} {order.address.fullAddress}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="order-lines">
        <h2 id="order-lines" className={styles.title}>
          商品（{order.lines.length} 种）
        </h2>
        <ul className={styles.lines}>
          {order.lines.map((line, index) => (
            <li key={`${line.goodsId}-${index}`} className={styles.line}>
              <GoodsImage src={line.image ?? undefined} alt={line.name} size={56} />
              <div>
                <p className={styles.name}>
                  {line.combination ? '【组合】' : line.groupBuyId ? '【拼团】' : ''}
                  <Link className={styles.nameLink} to={goodsDetailPath(line.goodsId)}>
                    {line.name}
                  </Link>
                </p>
                <p className={styles.meta}>
                  {line.spec ?? '—'} · {line.manufacturer} · {formatPrice(line.price)} × {line.number}
                  {line.packingUnit ?? ''}
                </p>
                {line.combination ? (
                  <p className={styles.meta}>
                    {line.combination.name}：每组 {line.combination.number}
                    {line.packingUnit ?? '件'} × {line.combination.sets} 组
                  </p>
                ) : null}
              </div>
              <span className={styles.total}>{formatPrice(line.total)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-label="订单金额">
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
      </section>
      <Dialog open={asking} modalType="alert" onOpenChange={(_event, next) => setAsking(next.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>温馨提示</DialogTitle>
            <DialogContent>确定要取消该订单吗？取消后商品库存和优惠券将退回。</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => void cancelConfirmed()}>
                确定
              </Button>
              <Button appearance="secondary" onClick={() => setAsking(false)}>
                再想想
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
