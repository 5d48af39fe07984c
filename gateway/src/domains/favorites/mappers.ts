import type { GoodsMapper } from '../goods/mappers';

/** What adding or removing favourites answers: the upstream's message and the goods concerned. */
export interface FavoritePayloadMapper {
  message: string;
  goods: GoodsMapper[];
  /** True after adding, false after removing: what `isFavorite` of these goods now is. */
  favorite: boolean;
}
