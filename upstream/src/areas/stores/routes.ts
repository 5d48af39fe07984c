import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, pathId } from '../../lib/http';
import { ownStore } from '../cart/store';
import { signedIn } from '../user/routes';
import * as stores from './service';

/**
 * Switching store accounts; the list of the company's other stores is GET /api/user/stores (in the cart area, whose
 * copy call uses the same targets).
 */
export function storeRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/user/store', async (request) => {
    const { userId } = await requireSession(db, request);
    const store = await ownStore(db, userId);
    if (store === undefined) throw stores.storeNotFound();
    return ok(store);
  });

  app.post('/api/user/stores/:id/switch', async (request, reply) => {
    const session = await requireSession(db, request);
    const targetId = pathId(request.params, 'id', stores.storeNotFound);
    const { userId, token } = await stores.switchStore(db, config.sessionTtlSeconds, session, targetId);
    // The cookie is set only here, after the switch committed: a refusal above never carries one.
    return ok(await signedIn(db, config, reply, userId, token), '已切换门店');
  });
}
