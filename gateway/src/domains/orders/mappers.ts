import type { AnswerData, Schemas } from '../../rest/client';

/** A list's order carries no timeline or shipment; the detail (and every change's answer) does. */
export type OrderMapper = Schemas['Order'] & Partial<Pick<Schemas['OrderDetail'], 'events' | 'shipment'>>;
export type OrderEventMapper = Schemas['OrderEvent'];
export type ShipmentMapper = Schemas['Shipment'];
export type ShipmentTraceMapper = Schemas['Shipment']['traces'][number];
export type OrderCountsMapper = Schemas['OrderCounts'];
export type BuyAgainPayloadMapper = Schemas['BuyAgainResult'];
export type BuyAgainFailureMapper = Schemas['BuyAgainResult']['failed'][number];
export type BuyAgainLineMapper = Schemas['BuyAgainResult']['added_lines'][number];
export type OrderAmountsMapper = Schemas['Amounts'];
export type OrderLineMapper = Schemas['OrderLine'];
export type OrderAddressMapper = Schemas['Order']['address'];
export type OrderPageMapper = AnswerData<'/api/order', 'get'>;
export type OrderPreviewMapper = AnswerData<'/api/cart/checkout', 'post'>;
export type PaymentMapper = AnswerData<'/api/order/{id}/pay', 'get'>;
export type PaymentMethodMapper = PaymentMapper['methods'][number];
