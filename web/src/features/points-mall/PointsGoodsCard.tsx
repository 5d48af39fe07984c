import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { PointsGoodsCard_GoodsFragment } from '../../gql/graphql';
import { marketTokens } from '../../theme/theme';
import { blocked } from './exchange-limits';

export const PointsGoodsCardFragment = graphql(`
  fragment PointsGoodsCard_goods on PointsGoods {
    id
    name
    image
    points
    stock
    perBuyerLimit
    description
    onShelf
    taken
  }
`);

export const grouping = new Intl.NumberFormat('zh-CN');

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    overflowWrap: 'anywhere',
  },
  description: {
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  price: { margin: 0, color: marketTokens.colorPrice, fontWeight: tokens.fontWeightBold },
  priceValue: { fontSize: tokens.fontSizeBase500 },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${tokens.spacingHorizontalM}`,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  action: { marginTop: 'auto', width: '100%' },
  login: {
    marginTop: 'auto',
    display: 'block',
    textAlign: 'center',
    padding: `${tokens.spacingVerticalS} 0`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorBrandStroke1}`,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackground2 },
  },
});

/**
 * One goods of the points mall: picture, name, points per piece, stock and limit, and what the buyer can do: a
 * visitor is sent to sign in, a buyer opens the exchange or reads why not (MALL-06).
 */
export function PointsGoodsCard({
  goods,
  points,
  loginTo,
  onExchange,
}: {
  goods: PointsGoodsCard_GoodsFragment;
  /** The buyer's points; null for a visitor. */
  points: number | null;
  /** Where a visitor signs in (and comes back from). */
  loginTo: string;
  onExchange: (goods: PointsGoodsCard_GoodsFragment) => void;
}) {
  const styles = useStyles();
  const why = points === null ? null : blocked(goods, points);
  return (
    <li className={styles.card} aria-label={goods.name}>
      <GoodsImage src={goods.image ?? undefined} alt={goods.name} />
      <h2 className={styles.name}>{goods.name}</h2>
      <p className={styles.price}>
        <span className={styles.priceValue}>{grouping.format(goods.points)}</span> 积分
      </p>
      <p className={styles.facts}>
        <span>{goods.stock > 0 ? `库存 ${grouping.format(goods.stock)} 件` : '已兑完'}</span>
        {goods.perBuyerLimit === null ? null : <span>每人限兑 {goods.perBuyerLimit} 件</span>}
        {goods.taken ? <span>已兑 {goods.taken} 件</span> : null}
      </p>
      {goods.description ? <p className={styles.description}>{goods.description}</p> : null}
      {points === null ? (
        <Link className={styles.login} to={loginTo} aria-label={`登录后兑换${goods.name}`}>
          登录后兑换
        </Link>
      ) : (
        <Button
          className={styles.action}
          appearance={why === null ? 'primary' : 'secondary'}
          disabled={why !== null}
          aria-label={`${why ?? '立即兑换'}：${goods.name}`}
          onClick={() => onExchange(goods)}
        >
          {why ?? '立即兑换'}
        </Button>
      )}
    </li>
  );
}
