import type { Resolvers, StoreInviteStatus } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { fromUpstreamCode } from '../../errors';
import { badUserInput } from '../../errors';
import { deleteStoreInvite, fetchOwnStore, fetchStoreInvites, postStoreInvite, postSwitchStore } from './rest';

const INVITE_STATUSES: Record<number, StoreInviteStatus> = { 0: 'EXPIRED', 1: 'LIVE', 2: 'REVOKED' };
const RECORD_ID = /^[1-9]\d{0,9}$/;

export const storeResolvers: Resolvers = {
  StoreAccount: {
    storeName: (store) => store.store_name || null,
    address: (store) => store.address || null,
  },
  User: {
    store: (_user, _args, { upstream }) => fetchOwnStore(upstream),
    // STORE-04: an upstream that does not say which store is ordering reads as a company's own account.
    storeName: (user) => user.store_name || null,
    storeInvites: (_user, _args, { upstream }) => fetchStoreInvites(upstream),
  },
  StoreInvite: {
    id: (invite) => String(invite.id),
    createdAt: (invite) => toDateTime(invite.created_at),
    expiresAt: (invite) => toDateTime(invite.expires_at),
    status: (invite) => fromUpstreamCode(INVITE_STATUSES, invite.status),
  },
  StoreInviteCode: {
    invite: (made) => made,
  },
  Mutation: {
    // ACCOUNT-20: the upstream decides which stores are the company's; an id that is no record id is refused here.
    switchStore: (_parent, { id }, { upstream }) => {
      if (!RECORD_ID.test(id)) throw badUserInput({ id: ['门店账号不存在'] });
      return postSwitchStore(upstream, id);
    },
    // STORE-01, STORE-02: the upstream decides which invitations are the company's.
    createStoreInvite: (_parent, _args, { upstream }) => postStoreInvite(upstream),
    revokeStoreInvite: async (_parent, { id }, { upstream }) => {
      if (!RECORD_ID.test(id)) throw badUserInput({ id: ['邀请码不存在'] });
      await deleteStoreInvite(upstream, id);
      return true;
    },
  },
};
