import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { OrderLineList } from '../../components/OrderLineList';
import { Panel } from '../../components/Panel';
import type { OrderDetailQuery, OrderLinePromotion } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatPrice } from '../../shared/money';
import { batchText } from './batches';

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

const useStyles = makeStyles({
  nameLink: { color: 'inherit', ':hover': { color: tokens.colorBrandForeground1 } },
});

type DetailLine = NonNullable<OrderDetailQuery['order']>['lines'][number];

/** The order's goods, each marked with what priced it (PRICE-12), its set and its own full reduction. */
export function OrderDetailLines({ lines }: { lines: readonly DetailLine[] }) {
  const styles = useStyles();
  return (
    <Panel title={`商品（${lines.length} 种）`} titleId="order-lines">
      <OrderLineList
        lines={lines.map((line) => ({
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
            // BATCH-04: the batches the goods came from, nearest expiry first.
            ...[batchText(line.batches, line.packingUnit ?? '件')].filter((text) => text !== null),
          ],
          total: line.total,
        }))}
      />
    </Panel>
  );
}
