import type { AnswerData, Schemas } from '../../rest/client';

export type OrderMapper = Schemas['Order'];
export type OrderAmountsMapper = Schemas['Amounts'];
export type OrderLineMapper = Schemas['OrderLine'];
export type OrderAddressMapper = Schemas['Order']['address'];
export type OrderPageMapper = AnswerData<'/api/order', 'get'>;
export type OrderPreviewMapper = AnswerData<'/api/cart/checkout', 'post'>;
export type PaymentMapper = AnswerData<'/api/order/{id}/pay', 'get'>;
export type PaymentMethodMapper = PaymentMapper['methods'][number];
