import type { AnswerData, FormOf, Schemas } from '../../rest/client';
import type { PointsMallErrorCode } from '../../generated/resolvers';
import type { PointsOrderMapper } from '../wallet/mappers';

export type PointsGoodsMapper = Schemas['PointsGoods'];
export type PointsGoodsPageMapper = AnswerData<'/api/points/goods', 'get'>;
export type PointsExchangeForm = FormOf<'/api/points/exchange', 'post'>;

/** The exchange's answer, or the refusal the buyer expects; `viewer` is read after it, when asked for. */
export interface ExchangePointsGoodsPayloadMapper {
  pointsOrder: PointsOrderMapper | null;
  points: number | null;
  goods: PointsGoodsMapper | null;
  userErrors: { message: string; field: string | null; code: PointsMallErrorCode }[];
}
