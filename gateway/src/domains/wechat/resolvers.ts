import type { Resolvers } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { deleteBinding, fetchWechat, postBind, postStartBinding } from './rest';

export const wechatResolvers: Resolvers = {
  User: {
    wechat: (_user, _args, { upstream }) => fetchWechat(upstream),
  },
  Mutation: {
    startWechatBinding: (_parent, _args, { upstream }) => postStartBinding(upstream),
    // The state is checked by the upstream against this session (ACCOUNT-22); the gateway passes both on as given.
    bindWechat: (_parent, { code, state }, { upstream }) => postBind(upstream, code.trim(), state.trim()),
    unbindWechat: (_parent, _args, { upstream }) => deleteBinding(upstream),
  },
  WechatBinding: {
    open: (binding) => binding.open === 1,
    bound: (binding) => binding.bound === 1,
    account: (binding) => binding.wechat || null,
    boundAt: (binding) => (binding.bound_at === null ? null : toDateTime(binding.bound_at)),
  },
  WechatAuthorization: {
    expiresIn: (authorization) => authorization.expires_in,
  },
};
