/** The buyer's messages (MSG-02..MSG-04 in docs/product.md): read, paged and counted only for their owner. */
import type { Db } from '../../db/db';
import { notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import * as store from './store';
import type { MessageKind } from './store';

export const messageNotFound = () => notFound('消息不存在');

/** MSG-02: a page of the buyer's messages, newest first, with the unread counts the tabs show. */
export async function messagesPage(
  db: Db,
  userId: number,
  kind: MessageKind | undefined,
  current: number,
  perPage: number,
) {
  const [{ rows, total }, unread] = await Promise.all([
    store.listMessages(db, userId, kind, current, perPage),
    store.unreadByKind(db, userId),
  ]);
  return { ...page(rows, total, current, perPage), unread: unreadSummary(unread) };
}

function unreadSummary(byKind: Record<MessageKind, number>) {
  return { total: byKind.system + byKind.order + byKind.promotion, ...byKind };
}

/** MSG-03: the unread counts, all and by kind (the top bar's and side bar's count is `total`). */
export async function unread(db: Db, userId: number) {
  return unreadSummary(await store.unreadByKind(db, userId));
}

/** MSG-04: marks one message read; another buyer's message is refused exactly as an unknown one. */
export async function markRead(db: Db, userId: number, id: number) {
  if (!(await store.markRead(db, userId, id))) throw messageNotFound();
  return { unread: await unread(db, userId) };
}

/** MSG-04: marks all the buyer's messages read, of one kind or all. */
export async function markAllRead(db: Db, userId: number, kind: MessageKind | undefined) {
  const marked = await store.markAllRead(db, userId, kind);
  return { marked, unread: await unread(db, userId) };
}
