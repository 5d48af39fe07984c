import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { FactList } from '../../components/FactList';
import { OrderLineList } from '../../components/OrderLineList';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { OrderAmountList } from '../../components/OrderAmountList';
import { graphql } from '../../gql';
import type { OrderLinePromotion, PaymentMethodCode } from '../../gql/graphql';
import { afterSalesPath } from '../../shared/after-sale-paths';
import { orderNextPath } from '../../shared/cart-steps';
import { goodsDetailPath } from '../../shared/goods-detail';
import { INVOICE_TEXT } from '../../shared/invoice';
import { formatPrice } from '../../shared/money';
import { formatDateTime } from '../../shared/time';
import { useOrderActions } from './order-actions';

/** PRICE-12: how an order line names the promotion that priced it. */
const LINE_PROMOTION_NAMES: Record<OrderLinePromotion, string> = {
  SECKILL: '秒杀',
  DISCOUNT: '特价',
  WELFARE: '福利价',
  GROUP_BUY: '拼团',
  COMBINATION: '组合',
  EXCHANGE: '换购',
  GIFT: '赠品',
};

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
        goodsFullReduction {
          fen
          amount
        }
        fullReduction {
          fen
          amount
        }
        discount {
          fen
          amount
        }
        coupon {
          fen
          amount
        }
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
  TRANSFER: '对公转账',
  WECHAT: '微信支付',
  ALIPAY: '支付宝',
};

const useStyles = makeStyles({
  status: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  address: { margin: 0 },
  nameLink: { color: 'inherit', ':hover': { color: tokens.colorBrandForeground1 } },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
  },
  timeline: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
  step: {
    display: 'grid',
    gridTemplateColumns: 'minmax(9em, auto) 1fr',
    gap: tokens.spacingHorizontalL,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `2px solid ${tokens.colorBrandStroke2}`,
  },
  latest: { borderLeftColor: tokens.colorBrandStroke1, fontWeight: tokens.fontWeightSemibold },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, fontVariantNumeric: 'tabular-nums' },
  note: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
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
  const navigate = useNavigate();
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

  // Each promotion with what it took off or gave, as the amounts below add it up (PRICE-12).
  const gifts = order.lines.filter((line) => line.isGift);
  const promotions = [
    order.amounts.goodsFullReduction.fen > 0 ? `单品满减（-${formatPrice(order.amounts.goodsFullReduction)}）` : null,
    order.amounts.fullReduction.fen > 0 ? `满减优惠（-${formatPrice(order.amounts.fullReduction)}）` : null,
    order.amounts.discount.fen > 0 ? `满折优惠（-${formatPrice(order.amounts.discount)}）` : null,
    order.couponName ? `优惠券：${order.couponName}（-${formatPrice(order.amounts.coupon)}）` : null,
    gifts.length > 0 ? `赠品：${gifts.map((line) => `${line.name}×${line.number}`).join('、')}` : null,
    order.lines.some((line) => line.combination) ? '组合购' : null,
    order.lines.some((line) => line.groupBuyId) ? '拼团' : null,
  ].filter((text): text is string => text !== null);
  const events = [...order.events].reverse();

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
              // INVOICE-01: a paid order has its e-invoice on the invoices page.
              value: order.paidAt ? (
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
          {order.status === 'UNPAID' && order.transfer?.status === 'PENDING' ? (
            // 待确认: the slip waits for the platform; the order can be neither paid again nor cancelled.
            <Button onClick={() => void navigate(orderNextPath(order))}>查看转账</Button>
          ) : order.status === 'UNPAID' ? (
            <>
              <Button disabled={actions.busy} onClick={() => actions.askCancel(order)}>
                取消订单
              </Button>
              <Button appearance="primary" onClick={() => void navigate(orderNextPath(order))}>
                去支付
              </Button>
            </>
          ) : null}
          {order.status === 'SHIPPED' ? (
            <Button appearance="primary" disabled={actions.busy} onClick={() => actions.askReceive(order)}>
              确认收货
            </Button>
          ) : null}
          {order.canApplyReturn || order.returnCount > 0 ? (
            <Button onClick={() => void navigate(afterSalesPath(order.id))}>
              {order.canApplyReturn ? '申请售后' : '查看售后'}
            </Button>
          ) : null}
          {order.status !== 'UNPAID' ? (
            <Button disabled={actions.busy} onClick={() => actions.buyAgain(order)}>
              再次购买
            </Button>
          ) : null}
        </div>
      </Panel>
      <Panel title="订单跟踪" titleId="order-timeline">
        <ol className={styles.timeline} aria-label="订单状态记录（最新在前）">
          {events.map((event, index) => (
            <li
              key={`${event.kind}-${event.at}-${index}`}
              className={mergeClasses(styles.step, index === 0 && styles.latest)}
            >
              <time className={styles.time} dateTime={event.at}>
                {formatDateTime(event.at)}
              </time>
              <span>
                {event.title}
                {event.note ? <span className={styles.note}>（{event.note}）</span> : null}
              </span>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title="物流信息" titleId="logistics">
        {order.shipment ? (
          <>
            <FactList
              layout="row"
              facts={[
                { label: '承运商', value: order.shipment.carrier },
                { label: '运单号', value: order.shipment.waybill },
                { label: '发货时间', value: formatDateTime(order.shipment.shippedAt) },
              ]}
            />
            <ol className={styles.timeline} aria-label="物流轨迹（最新在前）">
              {order.shipment.traces.map((trace, index) => (
                <li key={`${trace.at}-${index}`} className={mergeClasses(styles.step, index === 0 && styles.latest)}>
                  <time className={styles.time} dateTime={trace.at}>
                    {formatDateTime(trace.at)}
                  </time>
                  <span>{trace.text}</span>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className={styles.address}>
            {order.status === 'CANCELLED' ? '订单已取消，不会发货。' : '商家尚未发货，发货后可在此查看物流轨迹。'}
          </p>
        )}
      </Panel>
      <Panel title="收货地址" titleId="order-address">
        <p className={styles.address}>
          {order.address.consignee} {order.address.phone} {order.address.fullAddress}
        </p>
      </Panel>
      <Panel title={`商品（${order.lines.length} 种）`} titleId="order-lines">
        <OrderLineList
          lines={order.lines.map((line) => ({
            key: line.id,
            image: line.image ?? undefined,
            alt: line.name,
            name: (
              <>
                {line.isGift
                  ? '【赠品】'
                  : line.combination
                    ? '【组合】'
                    : line.groupBuyId
                      ? '【拼团】'
                      : line.promotion
                        ? `【${LINE_PROMOTION_NAMES[line.promotion]}】`
                        : ''}
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
              ...(line.fullReduction.fen > 0 ? [`本品满减 -${formatPrice(line.fullReduction)}`] : []),
            ],
            total: line.total,
          }))}
        />
      </Panel>
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
