import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { notLoggedIn } from './http';

export const TOKEN_COOKIE = 'token';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The token the request presents: `Authorization: Bearer` wins over the cookie. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (match?.[1] !== undefined) return match[1];
  }
  const token = cookie(request.headers.cookie, TOKEN_COOKIE);
  return token === '' ? undefined : token;
}

export interface Session {
  userId: number;
  token: string;
}

export async function findSession(db: Db, request: FastifyRequest): Promise<Session | null> {
  const token = presentedToken(request);
  if (token === undefined || token.length > 200) return null;
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > now()',
    [hashToken(token)],
  );
  const row = rows[0];
  return row === undefined ? null : { userId: row.user_id, token };
}

export async function requireSession(db: Db, request: FastifyRequest): Promise<Session> {
  const session = await findSession(db, request);
  if (session === null) throw notLoggedIn();
  return session;
}

export function setTokenCookie(reply: FastifyReply, config: Config, token: string, maxAge: number): void {
  // Secure only when the public address is https: a plain-http localhost would otherwise never get the cookie back.
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure}`,
  );
}
