import { createHash, randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { notLoggedIn } from './http';

export const TOKEN_COOKIE = 'token';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token the request presents: `Authorization: Bearer` wins over the cookie. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (match?.[1] !== undefined) return match[1];
  }
  const token = request.headers.cookie === undefined ? undefined : parse(request.headers.cookie)[TOKEN_COOKIE];
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
  reply.header(
    'set-cookie',
    serialize(TOKEN_COOKIE, token, {
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      maxAge,
      // Secure only when the public address is https: a plain-http localhost would otherwise never get it back.
      secure: config.publicUrl.startsWith('https:'),
    }),
  );
}
