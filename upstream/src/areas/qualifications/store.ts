/** The SQL of qualification documents, their reviews and the business scope. */
import { scopeClassName } from '@pharma/domain/business-scope';
import { CHINA_TODAY } from '../../db/china-day';
import type { Queryable } from '../../db/db';

export type QualificationKind =
  'business_licence' | 'drug_trading' | 'gsp' | 'medical_institution' | 'purchase_authorisation' | 'id_card';

export type ReviewStatus = 'pending' | 'approved' | 'refused';

export interface QualificationRow {
  id: number;
  kind: QualificationKind;
  name: string;
  number: string;
  valid_from: string;
  valid_to: string | null;
  /** Whole days from today (China's date) to the last valid day: 0 on the last day, negative once expired. */
  days_left: number | null;
  required: number;
  file_id: number | null;
  review_id: number | null;
  review_status: ReviewStatus | null;
  review_remark: string | null;
  review_file_id: number | null;
  review_created_at: Date | string | null;
}

/** The documents of the buyer's company with the latest review of each, in the licence order. */
export function companyDocuments(q: Queryable, userId: number): Promise<QualificationRow[]> {
  return q.query<QualificationRow>(
    `SELECT d.id, d.kind, d.name, d.number, to_char(d.valid_from, 'YYYY-MM-DD') AS valid_from,
       to_char(d.valid_to, 'YYYY-MM-DD') AS valid_to, (d.valid_to - ${CHINA_TODAY})::int AS days_left, d.required,
       d.file_id, r.id AS review_id, r.status AS review_status, r.remark AS review_remark,
       r.file_id AS review_file_id, r.created_at AS review_created_at
     FROM users u
     JOIN qualifications d ON d.company_id = u.company_id
     LEFT JOIN LATERAL (
       SELECT id, status, remark, file_id, created_at FROM qualification_reviews
       WHERE qualification_id = d.id ORDER BY id DESC LIMIT 1
     ) r ON true
     WHERE u.id = $1
     ORDER BY d.sort, d.id`,
    [userId],
  );
}

/** One document of the buyer's company, or undefined: another company's document is as unknown as a missing one. */
export async function findDocument(
  q: Queryable,
  userId: number,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await q.query<{ id: number; name: string }>(
    `SELECT d.id, d.name FROM qualifications d JOIN users u ON u.company_id = d.company_id
     WHERE u.id = $1 AND d.id = $2 FOR UPDATE OF d`,
    [userId, id],
  );
  return row;
}

/** Starts the review of a new scan, or gives the waiting review this scan instead (one waits per document). */
export async function submitScan(tx: Queryable, userId: number, qualificationId: number, fileId: number) {
  const [updated] = await tx.query<{ id: number }>(
    `UPDATE qualification_reviews SET file_id = $3, user_id = $2, created_at = now()
     WHERE qualification_id = $1 AND status = 'pending' RETURNING id`,
    [qualificationId, userId, fileId],
  );
  if (updated !== undefined) return;
  await tx.query('INSERT INTO qualification_reviews (qualification_id, user_id, file_id) VALUES ($1, $2, $3)', [
    qualificationId,
    userId,
    fileId,
  ]);
}

export interface PendingReview {
  review_id: number;
  user_id: number;
  file_id: number;
  name: string;
}

/** The waiting review of a document, locked for the platform's decision. */
export async function pendingReview(tx: Queryable, qualificationId: number): Promise<PendingReview | undefined> {
  const [row] = await tx.query<PendingReview>(
    `SELECT r.id AS review_id, r.user_id, r.file_id, d.name
     FROM qualification_reviews r JOIN qualifications d ON d.id = r.qualification_id
     WHERE r.qualification_id = $1 AND r.status = 'pending' FOR UPDATE OF r`,
    [qualificationId],
  );
  return row;
}

export async function closeReview(tx: Queryable, reviewId: number, status: 'approved' | 'refused', remark: string) {
  await tx.query('UPDATE qualification_reviews SET status = $2, remark = $3, reviewed_at = now() WHERE id = $1', [
    reviewId,
    status,
    remark,
  ]);
}

/** The platform approved a scan: it becomes the document's, with the number and validity the platform read. */
export async function renewDocument(
  tx: Queryable,
  id: number,
  fields: { file_id: number; number: string | undefined; valid_from: string; valid_to: string | null },
) {
  await tx.query(
    `UPDATE qualifications SET file_id = $2, number = COALESCE($3, number), valid_from = $4::date,
       valid_to = $5::date
     WHERE id = $1`,
    [id, fields.file_id, fields.number ?? null, fields.valid_from, fields.valid_to],
  );
}

/** Which of these message keys the user already has (MSG-01's dedupe keys). */
export async function existingMessageKeys(q: Queryable, userId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await q.query<{ dedupe_key: string }>(
    'SELECT dedupe_key FROM messages WHERE user_id = $1 AND dedupe_key = ANY($2::text[])',
    [userId, keys],
  );
  return new Set(rows.map((r) => r.dedupe_key));
}

/** The business scope of the buyer's company (jyfw), in the licence's order: each class with its name (SCOPE-01). */
export async function businessScope(
  q: Queryable,
  userId: number,
): Promise<{ id: number; name: string; scope_class: string }[]> {
  const rows = await q.query<{ id: number; scope_class: string }>(
    `SELECT s.id, s.scope_class FROM business_scopes s JOIN users u ON u.company_id = s.company_id
     WHERE u.id = $1 ORDER BY s.sort, s.id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: scopeClassName(r.scope_class), scope_class: r.scope_class }));
}
