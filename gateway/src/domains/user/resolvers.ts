import type { AddressInput, Resolvers } from '../../generated/resolvers';
import { errorCodeOf } from '../../errors';
import {
  deleteAddress,
  deleteSession,
  isBuyer,
  postAddress,
  postAddressUpdate,
  postDefaultAddress,
  postLogin,
  type AddressForm,
} from './rest';
import type { AddressMapper } from './mappers';

/** The default address first, the others in the upstream's order (the confirm page preselects the first). */
export function defaultFirst(addresses: readonly AddressMapper[]): AddressMapper[] {
  return [...addresses].sort((a, b) => Number(b.is_default === 1) - Number(a.is_default === 1));
}

function addressForm(input: AddressInput): AddressForm {
  return {
    consignee: input.consignee.trim(),
    phone: input.phone.trim(),
    province: input.province.trim(),
    city: input.city.trim(),
    district: input.district.trim(),
    address: input.address.trim(),
    is_default: input.isDefault == null ? undefined : input.isDefault ? 1 : 0,
  };
}

export const userResolvers: Resolvers = {
  Query: {
    // A visitor (show 0, or a session the upstream no longer knows) is not an error here: `me` is null.
    me: async (_parent, _args, { loaders }) => {
      try {
        const base = await loaders.userBase.get();
        return isBuyer(base) ? base : null;
      } catch (error) {
        if (errorCodeOf(error) === 'UNAUTHENTICATED') return null;
        throw error;
      }
    },
    site: (_parent, _args, { loaders }) => loaders.userBase.get(),
  },
  Mutation: {
    login: (_parent, { username, password }, { upstream }) => postLogin(upstream, username, password),
    logout: async (_parent, _args, { upstream }) => {
      await deleteSession(upstream);
      return true;
    },
    // Field rules (the contact phone of VAL-02) are the upstream's: its 422 is BAD_USER_INPUT naming the field.
    createAddress: async (_parent, { input }, { upstream }) => ({
      address: await postAddress(upstream, addressForm(input)),
    }),
    updateAddress: async (_parent, { id, input }, { upstream }) => ({
      address: await postAddressUpdate(upstream, id, addressForm(input)),
    }),
    deleteAddress: (_parent, { id }, { upstream }) => deleteAddress(upstream, id),
    setDefaultAddress: async (_parent, { id }, { upstream }) => ({ address: await postDefaultAddress(upstream, id) }),
  },
  User: {
    id: (user) => String(user.id),
    username: (user) => user.username,
    company: (user) => user.company || null,
    name: (user) => user.name || null,
    phone: (user) => user.phone || null,
    avatarUrl: (user) => user.face || null,
    points: (user) => user.points ?? 0,
    messageCount: (user) => user.message_count ?? 0,
    accountManager: (user) => user.admin ?? null,
    addresses: async (_user, _args, { loaders }) => defaultFirst(await loaders.addresses.get()),
  },
  Address: {
    id: (address) => String(address.id),
    isDefault: (address) => address.is_default === 1,
  },
  AccountManager: {
    isDedicated: (admin) => admin.is_default === 0,
  },
  SiteConfig: {
    hotline: (base) => base.common_config?.hot_line ?? '',
    serviceQq: (base) => [base.common_config?.qq1, base.common_config?.qq2].filter((qq): qq is string => !!qq),
    canChat: (base) => base.is_can_chat === 1,
    // SHELL-08: the chat is embedded only when it is offered to this visitor and the deployment has a chat service.
    chatUrl: (base) => (base.is_can_chat === 1 && base.chat_url ? base.chat_url : null),
    socialAccount: (base) => {
      const qrCodeUrl = base.common_config?.gzh_qrcode;
      return qrCodeUrl ? { name: base.common_config?.gzh_name || '官方公众号', qrCodeUrl } : null;
    },
    qualityInspection: (base) => {
      const url = base.quality_inspection?.quality_inspection_url || null;
      const message = base.quality_inspection?.msg || null;
      return url || message ? { url, message } : null;
    },
    // The upstream's clock when it answers; a visitor's answer may lack it, and then the gateway's clock is the
    // closest server clock there is.
    serverTime: (base) =>
      new Date(typeof base.timestamp === 'number' ? base.timestamp * 1000 : Date.now()).toISOString(),
  },
};
