import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { OrderAmountList } from '../../components/OrderAmountList';
import { graphql } from '../../gql';
import type { PaymentMethodCode } from '../../gql/graphql';
import { FirstBusinessButton } from '../../shared/first-business/FirstBusinessButton';
import { firstBusinessHref } from '../../shared/first-business/paths';
import { INVOICE_TEXT } from '../../shared/invoice';
import { formatDateTime } from '../../shared/time';
import { OrderActionButtons } from './OrderActionButtons';
import { OrderDetailLines } from './OrderDetailLines';
import { OrderTracking } from './OrderTracking';
import { useOrderActions } from './order-actions';
import { promotionBullets } from './order-promotions';

// The promotion bullets name the reductions the amount list shows, so `amounts` is that list's selection alone.
export const OrderDetailQuery = graphql(`
  query OrderDetail($id: ID!) {
    order(id: $id) {
      id
      orderSn
      status
      statusText
      transfer {
        status
      }
      remark
      invoiceType
      needsReceipt
      receiptDone
      paymentMethod
      paidAt
      shippedAt
      receivedAt
      cancelledAt
      createdAt
      couponName
      canApplyReturn
      returnCount
      amounts {
        ...OrderAmountList_amounts
      }
      address {
        consignee
        phone
        fullAddress
      }
      lines {
        id
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
        promotion
        isGift
        fullReduction {
          ...Price_money
        }
        batches {
          batchNo
          producedOn
          expiresOn
          number
        }
      }
      events {
        kind
        title
        note
        at
      }
      shipment {
        carrier
        waybill
        shippedAt
        traces {
          at
          text
        }
      }
    }
  }
`);

const METHOD_TEXT: Record<PaymentMethodCode, string> = {
  BALANCE: '余额支付',
  CREDIT: '账期支付',
  TRANSFER: '对公转账',
  WECHAT: '微信支付',
  ALIPAY: '支付宝',
};

const useStyles = makeStyles({
  status: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  address: { margin: 0 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
  },
  promotions: { margin: 0, paddingLeft: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase200 },
});

/**
 * /order/info/:id (order_wddd_info; /order/wl/:id leads here too): one order with its lines, amounts and promotions,
 * address and payment, its status timeline and logistics (AFTER-03), and what the buyer can do with it now.
 */
export default function OrderDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { data, loading } = useQuery(OrderDetailQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const actions = useOrderActions();

  const order = data?.order;
  if (!order) {
    return (
      <EmptyState title={loading ? '正在加载订单…' : '找不到这个订单'}>
        <Link to="/order">返回我的订单</Link>
      </EmptyState>
    );
  }

  // Each promotion with what it took off or gave, as the amounts below add it up (PRICE-12, ORDER-19).
  const promotions = promotionBullets(order);

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
            { label: '发货时间', value: order.shippedAt ? formatDateTime(order.shippedAt) : null },
            { label: '收货时间', value: order.receivedAt ? formatDateTime(order.receivedAt) : null },
            { label: '取消时间', value: order.cancelledAt ? formatDateTime(order.cancelledAt) : null },
            {
              label: '发票',
              // INVOICE-01, INVOICE-10: a paid order has its e-invoice on the invoices page, unless it asked for none.
              value:
                order.paidAt && order.invoiceType !== 'NONE' ? (
                  <>
                    {INVOICE_TEXT[order.invoiceType]}{' '}
                    <Link to={`/dzfp?sn=${encodeURIComponent(order.orderSn)}`}>查看电子发票</Link>
                  </>
                ) : (
                  INVOICE_TEXT[order.invoiceType]
                ),
            },
            { label: '备注', value: order.remark || null },
            { label: '实名登记', value: order.needsReceipt ? (order.receiptDone ? '已登记' : '待登记') : null },
          ]}
        />
        <div className={styles.actions}>
          <OrderActionButtons order={order} actions={actions} place="detail" />
          {/* FIRST-06: the licences and the goods' documents for the company's first-business file. */}
          <FirstBusinessButton href={firstBusinessHref({ orderId: order.id })} />
        </div>
      </Panel>
      <OrderTracking order={order} />
      <Panel title="收货地址" titleId="order-address">
        <p className={styles.address}>
          {order.address.consignee} {order.address.phone} {order.address.fullAddress}
        </p>
      </Panel>
      <OrderDetailLines lines={order.lines} />
      <Panel label="订单金额" last>
        {promotions.length > 0 ? (
          <ul className={styles.promotions} aria-label="本单优惠">
            {promotions.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
        <OrderAmountList amounts={order.amounts} payableLabel={order.paidAt ? '实付金额' : '应付金额'} />
      </Panel>
      {actions.dialog}
    </>
  );
}
