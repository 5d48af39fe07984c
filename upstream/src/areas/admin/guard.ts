/** The operator's calls (AFTER-09): protected by the ADMIN_TOKEN of the configuration, absent without one. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { paymentsOf, type Config } from '../../config';
import { ApiError } from '../../lib/http';

/** The header an operator's tool sends the token in. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * AFTER-09: lets an operator call through (shipping, returns; bank transfers may use it too). With no ADMIN_TOKEN configured the operator calls do not exist (404, as
 * any unknown route); a missing or wrong token is refused with 403. The comparison takes the same time whatever the
 * token presented.
 */
export function requireAdmin(config: Config, request: FastifyRequest): void {
  const { adminToken } = paymentsOf(config);
  if (adminToken === undefined) throw new ApiError(404, 404, '接口不存在');
  const presented = request.headers[ADMIN_TOKEN_HEADER];
  const token = typeof presented === 'string' ? presented : '';
  if (!timingSafeEqual(digest(token), digest(adminToken))) throw new ApiError(403, 403, '无权进行此操作');
}
