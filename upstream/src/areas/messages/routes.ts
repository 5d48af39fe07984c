import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, parse, pathId } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as messages from './service';

const kind = z.enum(['system', 'order', 'promotion'], { error: 'kind只能是system、order或promotion' }).optional();

const listQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10), kind });
const readAllBody = z.object({ kind }).optional();

/** The buyer's messages; the rules are in ./service. */
export function messageRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/message', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    return ok(await messages.messagesPage(db, userId, q.kind, q.page, q.page_size));
  });

  app.get('/api/user/message/unread', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await messages.unread(db, userId));
  });

  app.post('/api/user/message/:id/read', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = pathId(request.params, 'id', messages.messageNotFound);
    return ok(await messages.markRead(db, userId, id), '已读');
  });

  app.post('/api/user/message/read_all', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(readAllBody, request.body ?? undefined);
    return ok(await messages.markAllRead(db, userId, body?.kind), '全部已读');
  });
}
