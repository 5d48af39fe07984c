import { Button } from '@fluentui/react-components';
import { StarFilled, StarRegular } from '@fluentui/react-icons/svg/star';
import { graphql } from '../../gql';
import type { FavoriteButton_GoodsFragment } from '../../gql/graphql';
import { useFavorite } from './favorite';

export const FavoriteButtonFragment = graphql(`
  fragment FavoriteButton_goods on Goods {
    id
    isFavorite
  }
`);

/**
 * Says what it will do (收藏 or 取消收藏) from the goods' cached `isFavorite`, which each mutation's answer updates.
 * An unknown flag (its call failed) reads as not kept: adding a goods already kept leaves it kept.
 */
export function FavoriteButton({ goods }: { goods: FavoriteButton_GoodsFragment }) {
  const { setFavorite, pending } = useFavorite();
  const favorite = goods.isFavorite === true;
  return (
    <Button
      appearance="secondary"
      icon={favorite ? <StarFilled /> : <StarRegular />}
      disabled={pending}
      onClick={() => void setFavorite(goods.id, !favorite)}
    >
      {favorite ? '取消收藏' : '收藏'}
    </Button>
  );
}
