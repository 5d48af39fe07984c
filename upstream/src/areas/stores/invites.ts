/**
 * Store invitations (STORE-01 to STORE-03 in docs/product.md): a chain's account makes a code, a new store registers
 * with it (/register_dd) and becomes another store account of the chain's company. Rules and SQL together: the
 * area is small.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { iso, notFound } from '../../lib/http';

/** STORE-01: how long an invitation stays usable. */
export const INVITE_TTL_DAYS = 7;
/** STORE-01: live invitations one company may hold at once. */
export const MAX_LIVE_INVITES = 20;

// No 0/O, 1/I/L: the code is read off a screen and typed on another.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** STORE-01: eight characters shown as XXXX-XXXX; about 40 bits, against a lookup that also needs a live row. */
export function newInviteCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)] ?? '2');
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** The form a code is compared in: upper case, without the hyphen and spaces a buyer may type. */
export function normaliseInviteCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

const hashInvite = (code: string) => createHash('sha256').update(normaliseInviteCode(code)).digest('hex');

export const inviteNotFound = () => notFound('邀请码不存在');

interface InviteRow {
  id: number;
  hint: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  uses: number;
  live: boolean;
}

const companyOf = async (q: Queryable, userId: number): Promise<number> => {
  const [row] = await q.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [userId]);
  if (row === undefined) throw inviteNotFound();
  return row.company_id;
};

const dto = (row: InviteRow) => ({
  id: row.id,
  hint: row.hint,
  created_at: iso(row.created_at),
  expires_at: iso(row.expires_at),
  uses: row.uses,
  status: row.revoked_at !== null ? 2 : row.live ? 1 : 0,
});

/** The company's invitations, newest first (STORE-02: every store account of the company sees the same list). */
export async function listInvites(q: Queryable, userId: number) {
  const rows = await q.query<InviteRow>(
    `SELECT i.id, i.hint, i.created_at, i.expires_at, i.revoked_at, i.uses, (i.expires_at > now()) AS live
     FROM store_invites i JOIN users u ON u.company_id = i.company_id
     WHERE u.id = $1 ORDER BY i.id DESC LIMIT 50`,
    [userId],
  );
  return rows.map(dto);
}

/** STORE-01: makes an invitation of the buyer's company and answers its code, the only time the code is shown. */
export async function createInvite(q: Queryable, userId: number, code: string = newInviteCode()) {
  const companyId = await companyOf(q, userId);
  const [row] = await q.query<InviteRow>(
    `INSERT INTO store_invites (company_id, code_hash, hint, created_by, expires_at)
     SELECT $1, $2, $3, $4, now() + make_interval(days => $5)
     WHERE (SELECT count(*) FROM store_invites
            WHERE company_id = $1 AND revoked_at IS NULL AND expires_at > now()) < $6
     RETURNING id, hint, created_at, expires_at, revoked_at, uses, true AS live`,
    [companyId, hashInvite(code), code.slice(-2), userId, INVITE_TTL_DAYS, MAX_LIVE_INVITES],
  );
  return row === undefined ? undefined : { ...dto(row), code };
}

/** STORE-02: withdraws an invitation of the buyer's own company; another company's is as unknown (404). */
export async function revokeInvite(q: Queryable, userId: number, inviteId: number): Promise<void> {
  const rows = await q.query(
    `UPDATE store_invites i SET revoked_at = coalesce(i.revoked_at, now())
     FROM users u WHERE u.id = $1 AND u.company_id = i.company_id AND i.id = $2 RETURNING i.id`,
    [userId, inviteId],
  );
  if (rows.length === 0) throw inviteNotFound();
}

/**
 * STORE-03: the company a live invitation brings a new store into, counting the use; undefined for a code that is
 * unknown, expired or withdrawn. Run in the registration's transaction, so a registration that fails counts nothing.
 */
export async function useInvite(
  tx: Queryable,
  code: string,
): Promise<{ companyId: number; company: string } | undefined> {
  const [row] = await tx.query<{ company_id: number; name: string }>(
    `UPDATE store_invites i SET uses = uses + 1 FROM companies c
     WHERE i.code_hash = $1 AND i.revoked_at IS NULL AND i.expires_at > now() AND c.id = i.company_id
     RETURNING i.company_id, c.name`,
    [hashInvite(code)],
  );
  return row === undefined ? undefined : { companyId: row.company_id, company: row.name };
}
