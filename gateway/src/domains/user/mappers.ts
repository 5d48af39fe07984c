import type { Schemas } from '../../rest/client';

export type UserMapper = Schemas['BuyerBase'];
export type AccountManagerMapper = NonNullable<Schemas['BuyerBase']['admin']>;
export type SiteConfigMapper = Schemas['UserBase'];
export type LoginPayloadMapper = Schemas['Login'];
export type AddressMapper = Schemas['Address'];
// The wallet's types moved to ../wallet (schema/wallet.graphql); re-exported for the test fixtures.
export type { WalletLogEntryMapper } from '../wallet/mappers';
