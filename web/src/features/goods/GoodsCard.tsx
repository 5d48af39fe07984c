import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { GoodsImage } from '../../components/GoodsImage';
import { GoodsTags } from '../../components/GoodsTags';
import { Price } from '../../components/Price';
import { graphql } from '../../gql';
import type { GoodsCard_GoodsFragment } from '../../gql/graphql';
import { goodsDetailPath } from '../../shared/goods-detail';
import { BuyControls } from './BuyControls';

export const GoodsCardFragment = graphql(`
  fragment GoodsCard_goods on Goods {
    id
    name
    spec
    manufacturer
    packingUnit
    images
    price {
      ...Price_money
    }
    ...GoodsAvailability_goods
    ...BuyControls_goods
    ...GoodsTags_goods
  }
`);

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalSNudge,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  price: { fontSize: tokens.fontSizeBase500, margin: 0 },
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
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minHeight: '18px' },
  meta: {
    margin: 0,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  availability: { fontSize: tokens.fontSizeBase200 },
});

export function GoodsCard({ goods }: { goods: GoodsCard_GoodsFragment }) {
  const styles = useStyles();
  const nameId = `goods-${goods.id}-name`;

  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <Link to={goodsDetailPath(goods.id)} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={goods.images[0]} alt={goods.name} />
      </Link>
      <p className={styles.price}>
        <Price money={goods.price} size="strong" />
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
      <GoodsAvailability goods={goods} stock="label" className={styles.availability} />
      <BuyControls goods={goods} layout="card" />
    </article>
  );
}
