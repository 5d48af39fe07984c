import type { AnswerData, Schemas } from '../../rest/client';

export type UserMapper = Schemas['BuyerBase'];
export type AccountManagerMapper = NonNullable<Schemas['BuyerBase']['admin']>;
export type SiteConfigMapper = Schemas['UserBase'];
export type LoginPayloadMapper = Schemas['Login'];
export type AddressMapper = Schemas['Address'];
/** `Wallet` carries nothing itself: its balance and its log are separate upstream calls, made only when asked. */
export type WalletMapper = Record<string, never>;
export type WalletLogEntryMapper = Schemas['MoneyLog'];
export type WalletLogPageMapper = AnswerData<'/api/user/user_money_log', 'get'>;
