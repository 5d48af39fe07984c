import type { MessageKind, Resolvers } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { fromUpstreamCode } from '../../errors';
import { checkPaging } from '../../paging';
import { isBuyer } from '../user/rest';
import { fetchMessages, postAllMessagesRead, postMessageRead, type UpstreamMessageKind } from './rest';

const KINDS: Record<UpstreamMessageKind, MessageKind> = { system: 'SYSTEM', order: 'ORDER', promotion: 'PROMOTION' };
const UPSTREAM_KINDS: Record<MessageKind, UpstreamMessageKind> = {
  SYSTEM: 'system',
  ORDER: 'order',
  PROMOTION: 'promotion',
};

export const messageResolvers: Resolvers = {
  User: {
    messages: (_user, { kind, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchMessages(upstream, {
        page,
        page_size: pageSize,
        ...(kind == null ? {} : { kind: UPSTREAM_KINDS[kind] }),
      });
    },
  },
  Mutation: {
    markMessageRead: (_parent, { id }, { upstream }) => postMessageRead(upstream, id),
    markAllMessagesRead: (_parent, { kind }, { upstream }) =>
      postAllMessagesRead(upstream, kind == null ? undefined : UPSTREAM_KINDS[kind]),
  },
  MessagesReadPayload: {
    // Read after the mutation, so the top bar's count (User.messageCount) updates in the client's cache.
    viewer: async (_payload, _args, { loaders }) => {
      const base = await loaders.userBase.get();
      return isBuyer(base) ? base : null;
    },
  },
  MessagePage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  Message: {
    id: (message) => String(message.id),
    kind: (message) => fromUpstreamCode(KINDS, message.kind),
    link: (message) => message.link || null,
    read: (message) => message.is_read === 1,
    readAt: (message) => (message.read_at === null ? null : toDateTime(message.read_at)),
    createdAt: (message) => toDateTime(message.created_at),
  },
};
