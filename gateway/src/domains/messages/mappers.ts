import type { Schemas } from '../../rest/client';

export type MessageMapper = Schemas['Message'];
export type MessagePageMapper = Schemas['MessagePage'];
export type UnreadMessagesMapper = Schemas['UnreadMessages'];
/** Both answers (one read, all read) as one payload: marking one read counts as marking 1. */
export type MessagesReadPayloadMapper = Schemas['MessageReadAll'];
