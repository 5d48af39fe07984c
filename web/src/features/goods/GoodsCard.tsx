import { Button, makeStyles, SpinButton, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { GoodsCard_GoodsFragment } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { goodsDetailPath } from '../../shared/goods-detail';
import { useAddToCart } from './add-to-cart';
import { clampQuantity } from '../../shared/quantity';
import { marketTokens } from '../../theme/theme';
import { GoodsTags } from '../../components/GoodsTags';

export const GoodsCardFragment = graphql(`
  fragment GoodsCard_goods on Goods {
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
    images
    ...GoodsTags_goods
  }
`);

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    padding: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  price: {
    color: marketTokens.colorPrice,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    margin: 0,
  },
  unit: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightRegular,
  },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  nameLink: { color: 'inherit', textDecorationLine: 'none', ':hover': { color: tokens.colorBrandForeground1 } },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '4px', minHeight: '18px' },
  meta: {
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  stock: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  soldOut: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' },
  stepper: { width: '88px' },
  add: { flexGrow: 1, minWidth: '88px' },
});

export function GoodsCard({ goods }: { goods: GoodsCard_GoodsFragment }) {
  const styles = useStyles();
  const [quantity, setQuantity] = useState(1);
  const { add, pending } = useAddToCart();
  const canBuy = goods.isBuyable && goods.stock > 0;
  const nameId = `goods-${goods.id}-name`;

  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <Link to={goodsDetailPath(goods.id)} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={goods.images[0]} alt={goods.name} />
      </Link>
      <p className={styles.price}>
        {formatPrice(goods.price)}
        {goods.packingUnit ? <span className={styles.unit}>/{goods.packingUnit}</span> : null}
      </p>
      <h3 className={styles.name} id={nameId} title={goods.name}>
        <Link className={styles.nameLink} to={goodsDetailPath(goods.id)}>
          {goods.name}
        </Link>
      </h3>
      <div className={styles.tags}>
        <GoodsTags goods={goods} />
      </div>
      <p className={styles.meta} title={goods.spec ?? undefined}>
        规格：{goods.spec ?? '—'}
      </p>
      <p className={styles.meta} title={goods.manufacturer}>
        厂家：{goods.manufacturer}
      </p>
      {!goods.isBuyable ? (
        <span className={styles.soldOut}>暂不可购（不在经营范围内）</span>
      ) : goods.stock > 0 ? (
        <span className={styles.stock}>库存：{goods.stock}</span>
      ) : (
        <span className={styles.soldOut}>已售罄</span>
      )}
      <div className={styles.actions}>
        <SpinButton
          className={styles.stepper}
          aria-label={`${goods.name} 采购数量`}
          min={1}
          max={Math.max(1, goods.stock)}
          value={quantity}
          disabled={!canBuy}
          onChange={(_event, data) => {
            const typed = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
            setQuantity(clampQuantity(typed, goods.stock));
          }}
        />
        <Button
          className={styles.add}
          appearance="primary"
          disabled={!canBuy || pending}
          onClick={() => void add(goods.id, quantity)}
        >
          加入购物车
        </Button>
      </div>
    </article>
  );
}
