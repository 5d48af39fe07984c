import type { Schemas } from '../../rest/client';

export type StoreInviteMapper = Schemas['StoreInvite'];
export type StoreInviteCodeMapper = Schemas['StoreInviteCode'];
