import type { AddressInput, Resolvers, WalletLogType } from '../../generated/resolvers';
import { errorCodeOf, fromUpstreamCode } from '../../errors';
import { toDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import {
  deleteAddress,
  deleteSession,
  fetchWalletLog,
  isBuyer,
  postAddress,
  postAddressUpdate,
  postLogin,
  type AddressForm,
} from './rest';
import type { AddressMapper } from './mappers';

const LOG_TYPES: Record<number, WalletLogType> = { 1: 'RECHARGE', 2: 'ORDER_PAYMENT', 3: 'REFUND' };

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
    wallet: () => ({}),
  },
  Address: {
    id: (address) => String(address.id),
    isDefault: (address) => address.is_default === 1,
  },
  Wallet: {
    balance: (_wallet, _args, { loaders }) => loaders.walletBalance.get(),
    log: (_wallet, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 100);
      return fetchWalletLog(upstream, { page, page_size: pageSize });
    },
  },
  WalletLogEntry: {
    id: (entry) => String(entry.id),
    amount: (entry) => entry.amount,
    balanceAfter: (entry) => entry.balance_after,
    type: (entry) => fromUpstreamCode(LOG_TYPES, entry.use_type),
    remark: (entry) => entry.remark ?? '',
    orderId: (entry) => (entry.order_id === null ? null : String(entry.order_id)),
    createdAt: (entry) => toDateTime(entry.created_at),
  },
  WalletLogPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  AccountManager: {
    isDedicated: (admin) => admin.is_default === 0,
  },
  SiteConfig: {
    hotline: (base) => base.common_config?.hot_line ?? '',
    serviceQq: (base) => [base.common_config?.qq1, base.common_config?.qq2].filter((qq): qq is string => !!qq),
    canChat: (base) => base.is_can_chat === 1,
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
