import type { Schemas } from '../../rest/client';

/** What adding or removing favourites answers: the upstream's message and the goods concerned. */
export interface FavoritePayloadMapper {
  message: string;
  goods: Schemas['Goods'][];
  /** True after adding, false after removing: what `isFavorite` of these goods now is. */
  favorite: boolean;
}
