import type { Schemas, UpstreamSession } from '../../rest/client';
import type { MessagePageMapper, MessagesReadPayloadMapper } from './mappers';

export type UpstreamMessageKind = Schemas['MessageKind'];

export async function fetchMessages(
  upstream: UpstreamSession,
  query: { page: number; page_size: number; kind?: UpstreamMessageKind },
): Promise<MessagePageMapper> {
  return (await upstream.get('/api/user/message', { query })).data;
}

export async function postMessageRead(upstream: UpstreamSession, id: string): Promise<MessagesReadPayloadMapper> {
  const { data } = await upstream.post('/api/user/message/{id}/read', { path: { id } });
  return { marked: 1, unread: data.unread };
}

export async function postAllMessagesRead(
  upstream: UpstreamSession,
  kind: UpstreamMessageKind | undefined,
): Promise<MessagesReadPayloadMapper> {
  return (await upstream.post('/api/user/message/read_all', { form: kind === undefined ? {} : { kind } })).data;
}
