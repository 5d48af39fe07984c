import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { Price } from '../../components/Price';
import { graphql } from '../../gql';
import type { CartSummaryBar_SummaryFragment } from '../../gql/graphql';
import { cartCheckoutPath } from '../../shared/cart-steps';
import { formatPrice } from '../../shared/money';
import { formatFen } from '@pharma/domain/money';
import { CartCoupons } from './CartCoupons';
import { tierRows } from './tier-progress';

export const CartSummaryBarFragment = graphql(`
  fragment CartSummaryBar_summary on CartSummary {
    selectedCount
    selectedTotal {
      fen
      amount
    }
    shippingShortfall {
      fen
      amount
    }
    freeShipping
    fullReductionTiers {
      label
      reached
      shortfall {
        fen
        amount
      }
    }
    discountTiers {
      label
      reached
      shortfall {
        fen
        amount
      }
    }
    amounts {
      goods {
        ...Price_money
      }
      goodsFullReduction {
        ...Price_money
      }
      fullReduction {
        ...Price_money
      }
      discount {
        ...Price_money
      }
      freight {
        ...Price_money
      }
      payable {
        ...Price_money
      }
    }
  }
`);

const useStyles = makeStyles({
  summary: {
    position: 'sticky',
    bottom: 0,
    zIndex: 10,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXL}`,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    marginTop: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
  },
  hints: {
    marginRight: 'auto',
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
    '@media (max-width: 600px)': { flexBasis: '100%' },
  },
  progressBox: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalM} 48px`,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    marginTop: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  progressGroup: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'baseline' },
  progressTitle: {
    flexShrink: 0,
    padding: `0 ${tokens.spacingHorizontalSNudge}`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
    fontSize: tokens.fontSizeBase200,
  },
  progress: {
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  reached: { color: tokens.colorPaletteGreenForeground1 },
  short: { color: tokens.colorBrandForeground1 },
  pending: { opacity: 0.55 },
  checkout: { minWidth: '120px' },
  breakdown: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Every full-reduction and discount tier with its progress, reached ones first (CART-09). */
export function TierProgress({ summary }: { summary: CartSummaryBar_SummaryFragment }) {
  const styles = useStyles();
  const groups = [
    { title: '满减', rows: tierRows('满减', summary.fullReductionTiers) },
    { title: '满折', rows: tierRows('满折', summary.discountTiers) },
  ].filter((group) => group.rows.length > 0);
  if (groups.length === 0) return null;
  return (
    <section className={styles.progressBox} aria-label="优惠进度">
      {groups.map((group) => (
        <div key={group.title} className={styles.progressGroup}>
          <strong className={styles.progressTitle}>{group.title}</strong>
          <ul className={styles.progress}>
            {group.rows.map((row) => (
              <li key={row.key} className={row.reached ? styles.reached : styles.short}>
                {row.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * PRICE-09: how the 合计 is made, as the confirm page will charge it: goods less what promotions take off, plus
 * freight; only the parts that are not zero. The coupon is chosen at checkout.
 */
function Breakdown({ amounts, className }: { amounts: CartSummaryBar_SummaryFragment['amounts']; className: string }) {
  const off = amounts.goodsFullReduction.fen + amounts.fullReduction.fen + amounts.discount.fen;
  if (off === 0 && amounts.freight.fen === 0) return null;
  return (
    <span className={className}>
      {' '}
      （商品{formatPrice(amounts.goods)}
      {off > 0 ? `，优惠-${formatPrice({ amount: formatFen(off) })}` : ''}
      {amounts.freight.fen > 0 ? `，运费${formatPrice(amounts.freight)}` : ''}）
    </span>
  );
}

/**
 * The bar that stays at the bottom of the window: shipping, the nearest tier still to reach, the selected count,
 * the total as the gateway computed it, and 去结算.
 */
export function CartSummaryBar({
  summary,
  pending,
  lineIds,
}: {
  summary: CartSummaryBar_SummaryFragment;
  pending: boolean;
  lineIds: string[];
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const next = [...tierRows('满减', summary.fullReductionTiers), ...tierRows('满折', summary.discountTiers)].find(
    (row) => !row.reached,
  );
  return (
    <section className={styles.summary} aria-label="结算" aria-busy={pending}>
      <div className={styles.hints}>
        {summary.freeShipping ? (
          <span className={styles.reached}>已包邮</span>
        ) : summary.shippingShortfall ? (
          <span className={styles.short}>还差{formatPrice(summary.shippingShortfall)}免运费</span>
        ) : null}
        {next ? <span className={styles.short}>{next.text}</span> : null}
        {lineIds.length > 0 ? <CartCoupons lineIds={lineIds} selectedFen={summary.selectedTotal.fen} /> : null}
      </div>
      <span className={mergeClasses(pending && styles.pending)}>已选 {summary.selectedCount} 种商品</span>
      <span className={mergeClasses(pending && styles.pending)}>
        合计：
        <Price money={summary.amounts.payable} size="large" />
        <Breakdown amounts={summary.amounts} className={styles.breakdown} />
      </span>
      <Button
        appearance="primary"
        size="large"
        className={styles.checkout}
        disabled={pending || lineIds.length === 0}
        onClick={() => void navigate(cartCheckoutPath(lineIds))}
      >
        去结算
      </Button>
    </section>
  );
}
