import { useFragment } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import { formatPrice } from '../../shared/money';
import { GoodsImage } from '../../components/GoodsImage';
import { marketTokens } from '../../theme/theme';

export const CartPanelFragment = graphql(`
  fragment CartPanel_cart on Cart {
    id
    count
    lines {
      id
      number
      selected
      isAvailable
      price {
        fen
        amount
      }
      goods {
        id
        name
        spec
        packingUnit
        images
      }
      combination {
        group {
          id
          name
        }
      }
    }
    summary {
      selectedCount
      selectedTotal {
        fen
        amount
      }
    }
  }
`);

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  heading: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    fontSize: tokens.fontSizeBase400,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, overflowY: 'auto', flexGrow: 1 },
  line: {
    display: 'grid',
    gridTemplateColumns: '48px 1fr',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  unavailable: { opacity: 0.55 },
  name: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, margin: 0 },
  meta: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3 },
  price: { color: marketTokens.colorPrice },
  footer: {
    padding: tokens.spacingHorizontalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'grid',
    gap: tokens.spacingHorizontalS,
  },
  total: { fontSize: tokens.fontSizeBase300 },
  totalAmount: { color: marketTokens.colorPrice, fontWeight: tokens.fontWeightSemibold },
  checkout: {
    display: 'block',
    textAlign: 'center',
    padding: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusMedium,
    textDecorationLine: 'none',
  },
  empty: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
});

/** The side bar's cart preview: lines with quantities and the selected total, read from the shared cart entry. */
export default function CartPanel({ cartId, signedIn }: { cartId: string | null; signedIn: boolean }) {
  const styles = useStyles();
  const { data, complete } = useFragment({
    fragment: CartPanelFragment,
    from: cartId ? { __typename: 'Cart', id: cartId } : null,
  });
  if (!signedIn) {
    return (
      <section className={styles.panel} aria-label="购物车预览">
        <h2 className={styles.heading}>购物车</h2>
        <p className={styles.empty}>
          <Link to="/login">登录</Link>后查看购物车
        </p>
      </section>
    );
  }
  if (!complete) {
    return (
      <section className={styles.panel} aria-label="购物车预览" aria-busy>
        <h2 className={styles.heading}>购物车</h2>
        <p className={styles.empty}>正在加载购物车…</p>
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-label="购物车预览">
      <h2 className={styles.heading}>购物车（{data.count} 种商品）</h2>
      {data.lines.length === 0 ? (
        <p className={styles.empty}>购物车还是空的，去挑选商品吧</p>
      ) : (
        <ul className={styles.list}>
          {data.lines.map((line) => (
            <li key={line.id} className={mergeClasses(styles.line, !line.isAvailable && styles.unavailable)}>
              <GoodsImage src={line.goods.images[0]} alt={line.goods.name} size={48} />
              <div>
                <p className={styles.name}>
                  {line.combination ? `【组合】${line.combination.group.name}` : line.goods.name}
                </p>
                <div className={styles.meta}>
                  {line.combination ? '' : (line.goods.spec ?? '')} × {line.number}
                  {line.combination ? '组' : (line.goods.packingUnit ?? '')}
                  {' · '}
                  <span className={styles.price}>{formatPrice(line.price)}</span>
                  {line.isAvailable ? '' : ' · 暂不可购'}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        <div className={styles.total}>
          已选 {data.summary.selectedCount} 种，合计{' '}
          <span className={styles.totalAmount}>{formatPrice(data.summary.selectedTotal)}</span>
        </div>
        <Link className={styles.checkout} to="/cart">
          去购物车结算
        </Link>
      </div>
    </section>
  );
}
