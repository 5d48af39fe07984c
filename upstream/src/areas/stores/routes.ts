import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, pathId } from '../../lib/http';
import { ownStore } from '../cart/store';
import { signedIn } from '../user/routes';
import { Refusal } from '@pharma/domain/codes';
import { ApiError } from '../../lib/http';
import * as invites from './invites';
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

  app.get('/api/user/store/invites', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await invites.listInvites(db, userId));
  });

  app.post('/api/user/store/invite', async (request) => {
    const { userId } = await requireSession(db, request);
    const made = await invites.createInvite(db, userId);
    if (made === undefined) {
      throw new ApiError(
        400,
        Refusal.STORE_INVITE_LIMIT,
        `最多同时有${invites.MAX_LIVE_INVITES}个有效邀请码，请先撤销不用的邀请码`,
      );
    }
    return ok(made, '邀请码已生成');
  });

  app.delete('/api/user/store/invite/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    await invites.revokeInvite(db, userId, pathId(request.params, 'id', invites.inviteNotFound));
    return ok(null, '邀请码已撤销');
  });
}
