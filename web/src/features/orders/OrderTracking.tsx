import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import type { OrderDetailQuery } from '../../gql/graphql';
import { formatDateTime } from '../../shared/time';
import { DeliveryNoteButton } from './DeliveryNoteButton';

const useStyles = makeStyles({
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
  address: { margin: 0 },
});

type DetailOrder = NonNullable<OrderDetailQuery['order']>;

/** AFTER-03: the order's timeline, newest first, and its logistics (carrier, waybill, trace newest first). */
export function OrderTracking({
  order,
}: {
  order: Pick<DetailOrder, 'id' | 'orderSn' | 'events' | 'shipment' | 'status'>;
}) {
  const styles = useStyles();
  const events = [...order.events].reverse();
  return (
    <>
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
                // BATCH-08: the delivery note that travels with the goods.
                { label: '随货同行单', value: <DeliveryNoteButton orderId={order.id} orderSn={order.orderSn} /> },
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
    </>
  );
}
