import { OrderLineList } from '../../components/OrderLineList';
import { Panel } from '../../components/Panel';
import { graphql } from '../../gql';
import type { CartLineType, OrderLinesSection_LineFragment } from '../../gql/graphql';
import { cartLineName, giftText, setItemText } from '../../shared/cart-line-text';
import { formatPrice } from '../../shared/money';

export const OrderLinesSectionFragment = graphql(`
  fragment OrderLinesSection_line on CartLine {
    id
    number
    ...CartLineText_line
    promotion {
      label
    }
    price {
      ...Price_money
    }
    total {
      ...Price_money
    }
  }
`);

/** How the confirm list marks lines sold under an activity. */
const LINE_PREFIXES: Partial<Record<CartLineType, string>> = {
  SECKILL: '【秒杀】',
  COMBINATION: '【组合】',
  GROUP_BUY: '【拼团】',
  EXCHANGE: '【换购】',
};

/** The confirm page's goods: each line as it will be ordered, with its price and total from the gateway. */
export function OrderLinesSection({ lines }: { lines: readonly OrderLinesSection_LineFragment[] }) {
  return (
    <Panel title={`商品清单（${lines.length} 种）`} titleId="lines-title">
      <OrderLineList
        lines={lines.map((line) => ({
          key: line.id,
          image: line.goods.images[0],
          alt: line.goods.name,
          name: `${LINE_PREFIXES[line.type] ?? ''}${cartLineName(line)}`,
          details: [
            line.combination
              ? `每组：${line.combination.items.map(setItemText).join('、')} · ${formatPrice(line.price)}/组 × ${line.number} 组`
              : `${line.goods.spec ?? '—'} · ${line.goods.manufacturer} · ${line.promotion ? `${line.promotion.label} ` : ''}${formatPrice(line.price)} × ${line.number}${line.goods.packingUnit ?? ''}`,
            // PRICE-05..PRICE-07: what the buyer is told before paying, as the cart told it.
            ...[line.promotionNote, line.goodsFullReductionHint, line.gift ? giftText(line.gift) : null].filter(
              (text): text is string => text !== null,
            ),
          ],
          total: line.total,
        }))}
      />
    </Panel>
  );
}
