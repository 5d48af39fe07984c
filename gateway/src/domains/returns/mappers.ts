import type { AnswerData, Schemas } from '../../rest/client';

export type ReturnRequestMapper = Schemas['Return'];
export type ReturnGoodsMapper = Schemas['Return']['line'];
export type ReturnPhotoMapper = Schemas['Return']['photos'][number];
export type ReturnableLineMapper = Schemas['ReturnableLine'];
export type OrderAfterSaleMapper = AnswerData<'/api/order/{id}/after_sale', 'get'>;
