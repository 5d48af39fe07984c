/**
 * The gateway in front of this upstream (SEC-14, SEC-16, docs/adr/0129-upstream-limits-and-secret.md): with
 * `UPSTREAM_SECRET` set, only calls carrying it in `x-gateway-secret` are served, and only those may say whose call it
 * is with `x-forwarded-for`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Refusal } from '@pharma/domain/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './http';

export const SECRET_HEADER = 'x-gateway-secret';

/**
 * SEC-16: what callers other than the gateway reach directly: the pictures whose absolute addresses (`PUBLIC_URL`)
 * browsers load, and the payment providers' notifications, which carry their own signatures (PAY-08, PAY-09).
 */
function isPublicRoute(method: string, route: string | undefined): boolean {
  if (route === undefined) return false;
  if (method === 'GET' || method === 'HEAD') return route.startsWith('/api/images/');
  return method === 'POST' && (route === '/api/payment/notify/alipay' || route === '/api/payment/notify/wechat');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** SEC-16: compared as digests, so that neither the content nor the length of the secret leaks through timing. */
export function presentsSecret(request: FastifyRequest, secret: string): boolean {
  const presented = request.headers[SECRET_HEADER];
  return typeof presented === 'string' && timingSafeEqual(digest(presented), digest(secret));
}

/** SEC-16: refuses every `/api` call without the secret, except the public routes. */
export function requireGatewaySecret(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || isPublicRoute(request.method, request.routeOptions.url)) return;
    if (presentsSecret(request, secret)) return;
    // Not the value presented: a near miss of the secret, or last year's, is nothing to keep in a log (SEC-02).
    request.log.warn({ path: request.url.split('?', 1)[0] }, 'refused a call without the gateway secret');
    throw new ApiError(401, Refusal.GATEWAY_SECRET_REQUIRED, '请求来源未经授权');
  });
}

/**
 * SEC-14: the address a call comes from. Behind the gateway every socket is the gateway's, so its `x-forwarded-for`
 * (the last entry, the one it wrote) names the buyer; without the secret anyone could write that header, so the socket
 * address is all there is.
 */
export function clientAddress(request: FastifyRequest, secret: string | undefined): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (secret === undefined || !presentsSecret(request, secret)) return socket;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').at(-1)?.trim() ?? '';
  return isIP(forwarded) === 0 ? socket : forwarded;
}
