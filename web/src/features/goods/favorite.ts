import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { graphql } from '../../gql';
import { useMemberAction } from '../../shared/member-action';
import { toast } from '../../shared/notify';

/** Each answer carries the goods' new flag, so every view of that goods (detail, cards) follows from the cache. */
export const AddFavoriteMutation = graphql(`
  mutation AddFavorite($goodsIds: [ID!]!) {
    addFavorite(goodsIds: $goodsIds) {
      message
      goods {
        id
        isFavorite
      }
    }
  }
`);

export const RemoveFavoriteMutation = graphql(`
  mutation RemoveFavorite($goodsIds: [ID!]!) {
    removeFavorite(goodsIds: $goodsIds) {
      message
      goods {
        id
        isFavorite
      }
    }
  }
`);

export const FAVORITE_ADDED = '收藏成功';
export const FAVORITE_REMOVED = '取消收藏成功';

/** The favourites list changed order or membership: its cached pages are dropped and refetched when shown. */
function forgetFavoritePages(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'favorites' });
  cache.gc();
}

/** Favourite and unfavourite one goods; visitors are sent to sign in first (SHELL-16's messages). */
export function useFavorite() {
  const { run, pending } = useMemberAction();
  const [add] = useMutation(AddFavoriteMutation, { update: forgetFavoritePages });
  const [remove] = useMutation(RemoveFavoriteMutation, { update: forgetFavoritePages });

  const setFavorite = (goodsId: string, favorite: boolean): Promise<void> =>
    run(async () => {
      if (favorite) {
        const result = await add({ variables: { goodsIds: [goodsId] } });
        toast(result.data?.addFavorite.message ?? FAVORITE_ADDED, 'success', { label: '查看收藏', to: '/star' });
      } else {
        const result = await remove({ variables: { goodsIds: [goodsId] } });
        toast(result.data?.removeFavorite.message ?? FAVORITE_REMOVED, 'success');
      }
    });

  return { setFavorite, pending };
}
