import { Link } from 'react-router';
import { GoodsImage } from '../../components/GoodsImage';
import { goodsDetailPath } from '../goods-detail';
import { useRowTableStyles } from './row-table-styles';

/** The goods cell of a purchase row (快捷采购, 补货提醒): the picture, the name linking to its page, spec and maker. */
export function RowGoods({
  goods,
  imageSize,
  nameId,
  className,
}: {
  goods: { id: string; name: string; image: string; spec: string; manufacturer: string };
  imageSize: number;
  /** The name link's id, where the row's controls are named by it. */
  nameId?: string;
  className: string;
}) {
  const rows = useRowTableStyles();
  return (
    <div className={className}>
      <GoodsImage src={goods.image} alt={goods.name} size={imageSize} />
      <span className={rows.goodsText}>
        <Link id={nameId} className={rows.name} to={goodsDetailPath(goods.id)}>
          {goods.name}
        </Link>
        <span className={rows.meta}>
          {goods.spec} · {goods.manufacturer}
        </span>
      </span>
    </div>
  );
}
