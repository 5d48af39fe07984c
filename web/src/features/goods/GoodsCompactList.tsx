import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { GoodsCompactList_GoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatPrice } from '../../shared/money';
import { BuyControls } from './BuyControls';
import { marketTokens } from '../../theme/theme';

export const GoodsCompactListFragment = graphql(`
  fragment GoodsCompactList_goods on Goods {
    id
    name
    spec
    manufacturer
    packingUnit
    stock
    isBuyable
    price {
      fen
      amount
    }
  }
`);

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1.5fr) 110px auto',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '6px 12px' },
  },
  name: { color: 'inherit', fontWeight: tokens.fontWeightSemibold, ':hover': { color: tokens.colorBrandForeground1 } },
  meta: {
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  price: { color: marketTokens.colorPrice, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  soldOut: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/** /list/no_image: compact rows without pictures, for buyers who know what they order. */
export function GoodsCompactList({
  goods,
  label,
}: {
  goods: readonly GoodsCompactList_GoodsFragment[];
  label: string;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={label}>
      {goods.map((item) => (
        <li key={item.id} className={styles.row}>
          <div>
            <Link className={styles.name} to={goodsDetailPath(item.id)}>
              {item.name}
            </Link>
            <p className={styles.meta}>{item.spec ?? '—'}</p>
          </div>
          <p className={styles.meta} title={item.manufacturer}>
            {item.manufacturer}
          </p>
          <span className={styles.price}>
            {formatPrice(item.price)}
            {item.packingUnit ? `/${item.packingUnit}` : ''}
            {!item.isBuyable ? (
              <span className={styles.soldOut}> 暂不可购</span>
            ) : item.stock > 0 ? null : (
              <span className={styles.soldOut}> 已售罄</span>
            )}
          </span>
          <BuyControls goods={item} />
        </li>
      ))}
    </ul>
  );
}
