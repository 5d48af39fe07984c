import type { Resolvers } from '../../generated/resolvers';
import { errorCodeOf } from '../../errors';
import { deleteSession, isBuyer, postLogin } from './rest';

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
  },
  AccountManager: {
    isDedicated: (admin) => admin.is_default === 0,
  },
  SiteConfig: {
    hotline: (base) => base.common_config?.hot_line ?? '',
    serviceQq: (base) => [base.common_config?.qq1, base.common_config?.qq2].filter((qq): qq is string => !!qq),
    canChat: (base) => base.is_can_chat === true || base.is_can_chat === 1,
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
