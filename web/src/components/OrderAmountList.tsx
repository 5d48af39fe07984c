import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from '../gql';
import type { OrderAmountList_AmountsFragment } from '../gql/graphql';
import { formatPrice } from '../shared/money';
import { marketTokens } from '../theme/theme';

export const OrderAmountListFragment = graphql(`
  fragment OrderAmountList_amounts on OrderAmounts {
    goods {
      fen
      amount
    }
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
    freight {
      fen
      amount
    }
    payable {
      fen
      amount
    }
  }
`);

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    justifyContent: 'end',
    gap: '6px 24px',
    margin: 0,
    fontSize: tokens.fontSizeBase300,
  },
  term: { color: tokens.colorNeutralForeground3, textAlign: 'right' },
  value: { margin: 0, textAlign: 'right', whiteSpace: 'nowrap' },
  payable: { color: marketTokens.colorPrice, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

/**
 * The amounts of an order as the upstream computed them; reductions are shown only when there are some.
 * `payableLabel` lets the confirm page say that its figure does not include a coupon chosen on that page.
 */
export function OrderAmountList({
  amounts,
  payableLabel = '应付金额',
}: {
  amounts: OrderAmountList_AmountsFragment;
  payableLabel?: string;
}) {
  const styles = useStyles();
  const reductions = [
    ['单品满减', amounts.goodsFullReduction],
    ['满减', amounts.fullReduction],
    ['满折', amounts.discount],
    ['优惠券', amounts.coupon],
  ] as const;
  return (
    <dl className={styles.list} aria-label="订单金额">
      <dt className={styles.term}>商品金额</dt>
      <dd className={styles.value}>{formatPrice(amounts.goods)}</dd>
      {reductions.map(([label, money]) =>
        money.fen > 0 ? (
          <div key={label} style={{ display: 'contents' }}>
            <dt className={styles.term}>{label}</dt>
            <dd className={styles.value}>-{formatPrice(money)}</dd>
          </div>
        ) : null,
      )}
      <dt className={styles.term}>运费</dt>
      <dd className={styles.value}>{amounts.freight.fen > 0 ? formatPrice(amounts.freight) : '包邮'}</dd>
      <dt className={styles.term}>{payableLabel}</dt>
      <dd className={styles.value}>
        <span className={styles.payable}>{formatPrice(amounts.payable)}</span>
      </dd>
    </dl>
  );
}
