import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';
import proxyAddr from 'proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

/** proxy-addr's trust function for the configured proxies; none configured, no forwarded address is believed. */
export function trustProxy(proxies: readonly string[]): TrustProxy {
  return proxyAddr.compile([...proxies]);
}

/**
 * The buyer's address as the gateway can vouch for it (ADR 0207): the connection's own, or the X-Forwarded-For hop
 * written by a configured proxy. A header a client wrote itself is never believed, or anyone could pick the address
 * their attempts are counted against.
 */
export function clientAddressOf(req: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(req, trust) || 'unknown';
}

/**
 * The session a request presents (ADR 0207), hashed: a key that lands in Redis must not be a usable token. Null for
 * a visitor. The upstream's cookie is `token` (contract.md); a client may invent one, which is why every budget kept
 * per session is kept per address as well.
 */
export function sessionKeyOf(request: { readonly headers: Pick<Headers, 'get'> }): string | null {
  const authorization = request.headers.get('authorization');
  const cookie = request.headers.get('cookie');
  const credential = authorization ?? (cookie === null ? undefined : parse(cookie)['token']);
  if (credential === undefined || credential.length === 0) return null;
  let key = sessionKeys.get(credential);
  if (key === undefined) {
    key = hash('sha256', credential, 'base64url').slice(0, 22);
    sessionKeys.set(credential, key);
  }
  return key;
}

/**
 * A buyer sends the same token with every request: its key is worked out once, not per request (the hot path's
 * profile, docs/benchmarks.md "Issue 25: server rendering and the hot path, second pass"). Bounded, so tokens a
 * client invents cost memory only for a while.
 */
const sessionKeys = new LRUCache<string, string>({ max: 10_000 });
