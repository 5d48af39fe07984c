import type { AnswerData, Schemas } from '../../rest/client';

/** `Wallet` carries nothing itself: each of its parts is a separate upstream call, made only when asked. */
export type WalletMapper = Record<string, never>;
export type WalletLogEntryMapper = Schemas['MoneyLog'];
export type WalletLogPageMapper = AnswerData<'/api/user/user_money_log', 'get'>;
export type PointsLogEntryMapper = Schemas['PointsLog'];
export type PointsLogPageMapper = AnswerData<'/api/user/points_log', 'get'>;
export type CouponCountsMapper = Schemas['CouponCount'];
export type CashVoucherMapper = Schemas['CashVoucher'];
export type CashVoucherPageMapper = AnswerData<'/api/user/cash_voucher', 'get'>;
export type CashVoucherCountsMapper = Schemas['CashVoucherCount'];
export type RedeemCashVoucherPayloadMapper = Schemas['CashVoucherRedeemed'];
export type PointsOrderMapper = Schemas['PointsOrder'];
export type PointsOrderPageMapper = AnswerData<'/api/user/points_order', 'get'>;
export type OrderReceiptMapper = Schemas['OrderReceipt'];
export type OrderReceiptPageMapper = AnswerData<'/api/order/receipts', 'get'>;
export type ReceiptGoodsMapper = Schemas['OrderReceipt']['goods'][number];
