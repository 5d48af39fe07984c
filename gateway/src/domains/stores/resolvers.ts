import type { Resolvers } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import { fetchOwnStore, postSwitchStore } from './rest';

export const storeResolvers: Resolvers = {
  StoreAccount: {
    storeName: (store) => store.store_name || null,
    address: (store) => store.address || null,
  },
  User: {
    store: (_user, _args, { upstream }) => fetchOwnStore(upstream),
  },
  Mutation: {
    // ACCOUNT-20: the upstream decides which stores are the company's; an id that is no record id is refused here.
    switchStore: (_parent, { id }, { upstream }) => {
      if (!/^[1-9]\d{0,9}$/.test(id)) throw badUserInput({ id: ['门店账号不存在'] });
      return postSwitchStore(upstream, id);
    },
  },
};
