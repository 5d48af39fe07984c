/** The SQL of uploaded files. */
import type { Queryable } from '../../db/db';

export type FilePurpose = 'qualification' | 'return' | 'transfer' | 'feedback';
export type FileMime = 'image/jpeg' | 'image/png' | 'application/pdf';

export interface FileMeta {
  id: number;
  purpose: FilePurpose;
  name: string;
  mime: FileMime;
  size: number;
  created_at: Date | string;
}

export interface NewFile {
  purpose: FilePurpose;
  name: string;
  mime: FileMime;
  sha256: string;
  bytes: Uint8Array;
}

const META = 'id, purpose, name, mime, size, created_at';

export async function insertFile(tx: Queryable, userId: number, f: NewFile): Promise<FileMeta | undefined> {
  const [row] = await tx.query<FileMeta>(
    `INSERT INTO files (user_id, purpose, name, mime, size, sha256, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${META}`,
    [userId, f.purpose, f.name, f.mime, f.bytes.byteLength, f.sha256, f.bytes],
  );
  return row;
}

/**
 * The ids among `ids` that are the user's files of one purpose. A service refuses the others exactly as it refuses
 * an unknown id (SEC-01), so another company's file ids learn nothing.
 */
export async function ownedFileIds(
  q: Queryable,
  userId: number,
  purpose: FilePurpose,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM files WHERE user_id = $1 AND purpose = $2 AND id = ANY($3::int[])',
    [userId, purpose, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** One file with its bytes, only when it is the user's. */
export async function findOwnFile(
  q: Queryable,
  userId: number,
  id: number,
): Promise<(FileMeta & { bytes: Uint8Array }) | undefined> {
  const [row] = await q.query<FileMeta & { bytes: Uint8Array }>(
    `SELECT ${META}, bytes FROM files WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return row;
}
