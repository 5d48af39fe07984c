import type { Resolvers } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import {
  deleteBinding,
  fetchSignupOpen,
  fetchWechat,
  postBind,
  postIdentifySignup,
  postStartBinding,
  postStartSignup,
} from './rest';

export const wechatResolvers: Resolvers = {
  User: {
    wechat: (_user, _args, { upstream }) => fetchWechat(upstream),
  },
  Query: {
    wechatRegistrationOpen: (_parent, _args, { upstream }) => fetchSignupOpen(upstream),
  },
  Mutation: {
    startWechatBinding: (_parent, _args, { upstream }) => postStartBinding(upstream),
    // AUTH-12: the state is the upstream's to check; both are passed on as given.
    startWechatRegistration: (_parent, _args, { upstream }) => postStartSignup(upstream),
    identifyWechatRegistration: (_parent, { code, state }, { upstream }) =>
      postIdentifySignup(upstream, code.trim(), state.trim()),
    // The state is checked by the upstream against this session (ACCOUNT-22); the gateway passes both on as given.
    bindWechat: (_parent, { code, state }, { upstream }) => postBind(upstream, code.trim(), state.trim()),
    unbindWechat: (_parent, _args, { upstream }) => deleteBinding(upstream),
  },
  WechatRegistrationTicket: {
    account: (ticket) => ticket.wechat,
    expiresIn: (ticket) => ticket.expires_in,
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
