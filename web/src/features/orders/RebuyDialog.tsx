import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { graphql } from '../../gql';
import type { OrderRebuyPreviewQuery as RebuyPreviewData } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { useFreshFetchPolicy } from '../../shared/fresh';

export const OrderRebuyPreviewQuery = graphql(`
  query OrderRebuyPreview($id: ID!) {
    order(id: $id) {
      id
      rebuyPreview {
        addableCount
        lines {
          goodsId
          name
          spec
          packingUnit
          quantity
          priceThen {
            amount
          }
          priceNow {
            amount
          }
          priceChange
          stock
          state
          ladderNow {
            number
            price {
              amount
            }
          }
          ladderChange
          reason
        }
      }
    }
  }
`);

type Line = NonNullable<RebuyPreviewData['order']>['rebuyPreview']['lines'][number];

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground2 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '50vh',
    overflowY: 'auto',
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
  line: {
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  blocked: { backgroundColor: tokens.colorNeutralBackground3 },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase200,
  },
  up: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  down: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  same: { color: tokens.colorNeutralForeground3 },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});

/** QUICK-05: the price then against now, in words a buyer reads without colour. */
function PriceFact({ line }: { line: Line }) {
  const styles = useStyles();
  const then = formatPrice(line.priceThen);
  if (!line.priceNow || line.priceChange === 'SAME') {
    return <span className={styles.same}>单价 {then}（未变）</span>;
  }
  const up = line.priceChange === 'UP';
  return (
    <span className={up ? styles.up : styles.down}>
      单价 {then} → {formatPrice(line.priceNow)}（{up ? '涨价' : '降价'}）
    </span>
  );
}

/** QUICK-07: whether the quantity can go back to the cart. */
function StockFact({ line }: { line: Line }) {
  const styles = useStyles();
  switch (line.state) {
    case 'OK':
      return <span className={styles.same}>库存充足</span>;
    case 'SHORT':
      return (
        <span className={styles.warn}>
          库存不足，仅剩 {line.stock}
          {line.packingUnit}
        </span>
      );
    case 'OUT_OF_STOCK':
      return <span className={styles.bad}>已售罄</span>;
    case 'NOT_SOLD':
      return <span className={styles.bad}>已停售</span>;
  }
}

/** QUICK-06: a ladder tier reached or lost at the quantity. */
function LadderFact({ line }: { line: Line }) {
  const styles = useStyles();
  if (line.ladderChange === 'REACHED' && line.ladderNow) {
    return (
      <span className={styles.down}>
        现已达到阶梯价：满 {line.ladderNow.number}
        {line.packingUnit} {formatPrice(line.ladderNow.price)}
      </span>
    );
  }
  if (line.ladderChange === 'LOST') return <span className={styles.warn}>此数量已不再享受阶梯价</span>;
  return null;
}

/**
 * QUICK-05..QUICK-08: before an order goes back to the cart, what changed since, goods by goods; confirming adds
 * them by the cart's rules (the order's own buy-again), and the caller tells what went and what did not.
 */
export function RebuyDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: { id: string; orderSn: string } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const fresh = useFreshFetchPolicy();
  const { data, loading, error } = useQuery(OrderRebuyPreviewQuery, {
    variables: { id: order?.id ?? '' },
    skip: order === null,
    // Today's prices and stock, every time the dialog opens.
    ...fresh,
  });
  const preview = data?.order?.rebuyPreview;
  return (
    <ConfirmDialog
      open={order !== null}
      title="再次购买"
      confirmLabel="加入购物车"
      confirmDisabled={busy || !preview || preview.addableCount === 0}
      cancelLabel="取消"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {!preview ? (
        <p role="status">{loading ? '正在核对商品的价格和库存…' : error ? '商品信息暂时无法读取，请稍后再试' : ''}</p>
      ) : (
        <>
          <p className={styles.intro}>
            订单 {order?.orderSn} 的商品与下单时相比：
            {preview.addableCount === 0
              ? '均无法按原数量加入购物车。'
              : `${preview.addableCount} 种可按原数量加入购物车。`}
          </p>
          <ul className={styles.list} aria-label="商品变化">
            {preview.lines.map((line) => (
              <li
                key={line.goodsId}
                className={mergeClasses(styles.line, line.state !== 'OK' && styles.blocked)}
                data-testid="rebuy-line"
              >
                <span className={styles.name}>
                  {line.name} {line.spec} × {line.quantity}
                  {line.packingUnit}
                </span>
                <span className={styles.facts}>
                  {/* A goods no longer sold has no price to compare. */}
                  {line.state === 'NOT_SOLD' ? null : <PriceFact line={line} />}
                  <StockFact line={line} />
                  <LadderFact line={line} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}
