import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { GoodsImage } from '../../components/GoodsImage';
import { Price } from '../../components/Price';
import type { OrderListQuery } from '../../gql/graphql';
import { afterSalesPath } from '../../shared/after-sale-paths';
import { orderPath } from '../../shared/cart-steps';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatDateTime } from '../../shared/time';
import { OrderActionButtons } from './OrderActionButtons';
import type { useOrderActions } from './order-actions';

/** Lines shown per order in the list; the detail page has them all. */
const PREVIEW_LINES = 4;

const useStyles = makeStyles({
  order: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXL}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground3,
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium,
  },
  status: { marginLeft: 'auto', color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  body: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    padding: tokens.spacingHorizontalM,
  },
  goods: { display: 'flex', gap: tokens.spacingHorizontalS, flexGrow: 1, minWidth: 0, overflow: 'hidden' },
  more: { alignSelf: 'center', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  afterSale: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
});

type ListedOrder = OrderListQuery['orders']['items'][number];

/** One order of the order list: its number, time and state, its first goods, the amount and its actions. */
export function OrderCard({ order, actions }: { order: ListedOrder; actions: ReturnType<typeof useOrderActions> }) {
  const styles = useStyles();
  return (
    <li className={styles.order}>
      <div className={styles.head}>
        <span>订单号：{order.orderSn}</span>
        <span>下单时间：{formatDateTime(order.createdAt)}</span>
        <span className={styles.status}>{order.statusText}</span>
      </div>
      <div className={styles.body}>
        <div className={styles.goods}>
          {order.lines.slice(0, PREVIEW_LINES).map((line, index) => (
            <Link key={`${line.goodsId}-${index}`} to={goodsDetailPath(line.goodsId)}>
              <GoodsImage src={line.image ?? undefined} alt={line.name} size={56} />
            </Link>
          ))}
          <span className={styles.more}>
            {order.lines[0]?.name}
            {order.lines.length > 1 ? ` 等 ${order.lines.length} 种商品` : ''}
          </span>
        </div>
        <span>
          {order.status === 'UNPAID' || order.status === 'CANCELLED' ? '应付：' : '实付：'}
          <Price money={order.amounts.payable} size="strong" />
        </span>
        <div className={styles.actions}>
          <Link to={orderPath(order.id)} aria-label={`订单 ${order.orderSn} 详情`}>
            订单详情
          </Link>
          {order.returnCount > 0 ? (
            <Link
              className={styles.afterSale}
              to={afterSalesPath(order.id)}
              aria-label={`订单 ${order.orderSn} 的售后（${order.returnCount} 个申请）`}
            >
              售后 {order.returnCount}
            </Link>
          ) : null}
          <OrderActionButtons order={order} actions={actions} place="list" />
        </div>
      </div>
    </li>
  );
}
