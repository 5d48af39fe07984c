import { makeStyles, tokens } from '@fluentui/react-components';
import { GoodsImage } from '../../components/GoodsImage';
import { Price } from '../../components/Price';
import { graphql } from '../../gql';
import type { CartLineType, OrderLinesSection_LineFragment } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { useSectionStyles } from './section-styles';

export const OrderLinesSectionFragment = graphql(`
  fragment OrderLinesSection_line on CartLine {
    id
    number
    type
    price {
      ...Price_money
    }
    total {
      ...Price_money
    }
    goods {
      id
      name
      spec
      manufacturer
      packingUnit
      images
    }
    combination {
      group {
        id
        name
      }
      items {
        number
        goods {
          id
          name
          packingUnit
        }
      }
    }
  }
`);

const useStyles = makeStyles({
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  line: {
    display: 'grid',
    gridTemplateColumns: '56px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  total: { textAlign: 'right' },
});

/** How the confirm list marks lines sold under an activity. */
const LINE_PREFIXES: Partial<Record<CartLineType, string>> = {
  SECKILL: '【秒杀】',
  COMBINATION: '【组合】',
  GROUP_BUY: '【拼团】',
};

/** The confirm page's goods: each line as it will be ordered, with its price and total from the gateway. */
export function OrderLinesSection({ lines }: { lines: readonly OrderLinesSection_LineFragment[] }) {
  const styles = useStyles();
  const section = useSectionStyles();
  return (
    <section className={section.section} aria-labelledby="lines-title">
      <h2 id="lines-title" className={section.title}>
        商品清单（{lines.length} 种）
      </h2>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <GoodsImage src={line.goods.images[0]} alt={line.goods.name} size={56} />
            <div>
              <p className={styles.name}>
                {LINE_PREFIXES[line.type] ?? ''}
                {line.combination ? line.combination.group.name : line.goods.name}
              </p>
              {line.combination ? (
                <p className={styles.meta}>
                  每组：
                  {line.combination.items
                    .map((item) => `${item.goods.name} ×${item.number}${item.goods.packingUnit ?? ''}`)
                    .join('、')}{' '}
                  · {formatPrice(line.price)}/组 × {line.number} 组
                </p>
              ) : (
                <p className={styles.meta}>
                  {line.goods.spec ?? '—'} · {line.goods.manufacturer} · {formatPrice(line.price)} × {line.number}
                  {line.goods.packingUnit ?? ''}
                </p>
              )}
            </div>
            <Price money={line.total} className={styles.total} />
          </li>
        ))}
      </ul>
    </section>
  );
}
