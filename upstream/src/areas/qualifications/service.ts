/**
 * Qualification documents (QUAL-01..QUAL-05 in docs/product.md): their states, new scans and the platform's review,
 * the messages of the 30-day window, and the checkout's refusal of a buyer whose required document has expired.
 */
import { Refusal } from '@pharma/domain/codes';
import type { Db, Queryable } from '../../db/db';
import { ownedFileIds } from '../files/store';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import { postMessage } from '../messages/store';
import * as store from './store';
import type { QualificationRow } from './store';

export const documentNotFound = () => notFound('资质证件不存在');

/** QUAL-01: a document is expiring within its last 30 days (the last day counts as 0). */
export const EXPIRING_DAYS = 30;

export type Validity = 'valid' | 'expiring' | 'expired';

/** QUAL-01: the validity of a document by its last valid day; no last day (长期) is always valid. */
export function validityOf(daysLeft: number | null): Validity {
  if (daysLeft === null) return 'valid';
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRING_DAYS ? 'expiring' : 'valid';
}

export interface DocumentDto {
  id: number;
  kind: store.QualificationKind;
  name: string;
  number: string;
  valid_from: string;
  valid_to: string | null;
  days_left: number | null;
  status: Validity;
  required: number;
  file_id: number | null;
  review: { id: number; status: store.ReviewStatus; remark: string; file_id: number; created_at: string } | null;
}

function toDto(row: QualificationRow): DocumentDto {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    number: row.number,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    days_left: row.days_left,
    status: validityOf(row.days_left),
    required: row.required,
    file_id: row.file_id,
    review:
      row.review_id === null || row.review_status === null || row.review_file_id === null
        ? null
        : {
            id: row.review_id,
            status: row.review_status,
            remark: row.review_remark ?? '',
            file_id: row.review_file_id,
            created_at: iso(row.review_created_at ?? new Date()),
          },
  };
}

export async function listDocuments(q: Queryable, userId: number): Promise<DocumentDto[]> {
  return (await store.companyDocuments(q, userId)).map(toDto);
}

/** The words of a refusal or a warning: the documents named in the licence order, joined as Chinese lists them. */
const names = (docs: readonly DocumentDto[]) => docs.map((d) => d.name).join('、');

export const expiredRefusalText = (docs: readonly DocumentDto[]) => `您的${names(docs)}已过期，请更新资质后再下单`;

export interface QualificationAlert {
  level: 'expired' | 'expiring';
  /** 1 when an order would be refused (a required document has expired, QUAL-04). */
  blocking: number;
  message: string;
  documents: { id: number; name: string; status: Validity; valid_to: string | null; days_left: number | null }[];
}

/** QUAL-05: the warning of the top bar, the member centre and the confirm page; null when every document is valid. */
export function alertOf(docs: readonly DocumentDto[]): QualificationAlert | null {
  const expired = docs.filter((d) => d.status === 'expired');
  const expiring = docs.filter((d) => d.status === 'expiring');
  if (expired.length === 0 && expiring.length === 0) return null;
  const blocking = expired.filter((d) => d.required === 1);
  const documents = [...expired, ...expiring].map(({ id, name, status, valid_to, days_left }) => ({
    id,
    name,
    status,
    valid_to,
    days_left,
  }));
  if (blocking.length > 0) {
    return { level: 'expired', blocking: 1, message: expiredRefusalText(blocking), documents };
  }
  if (expired.length > 0) {
    return { level: 'expired', blocking: 0, message: `您的${names(expired)}已过期，请及时更新`, documents };
  }
  const [first] = expiring;
  const when = first?.valid_to === null || first === undefined ? '' : `将于${first.valid_to}到期`;
  return {
    level: 'expiring',
    blocking: 0,
    message:
      expiring.length === 1
        ? `您的${names(expiring)}${when}，请及时更新`
        : `您的${names(expiring)}即将到期，请及时更新`,
    documents,
  };
}

/** MSG-01, QUAL-03: the message key of one document's window; a renewed document (new last day) has new keys. */
const windowKey = (d: DocumentDto) => `qualification:${d.id}:${d.status}:${d.valid_to ?? ''}`;

/**
 * QUAL-03, MSG-05: the message telling of a document that entered its last 30 days or expired, written from the
 * document itself (its name, number and last day), so it says only what the documents page says. The seed writes its
 * demo messages with it too.
 */
export function windowMessage(d: DocumentDto) {
  const expired = d.status === 'expired';
  return {
    kind: 'system' as const,
    title: expired ? `${d.name}已过期` : `${d.name}即将到期`,
    body: expired
      ? `您的${d.name}（${d.number}）已于${d.valid_to ?? ''}过期${d.required === 1 ? '，更新前无法下单' : ''}，请尽快上传新证件。`
      : `您的${d.name}（${d.number}）将于${d.valid_to ?? ''}到期，请在到期前上传新证件，以免影响下单。`,
    link: '/zzzj',
    dedupeKey: windowKey(d),
  };
}

/**
 * QUAL-03: writes the message of each document that entered its 30-day window or expired and has not been told of
 * yet; the dedupe key makes a second notice (two tabs signing in at once) write nothing. Answers how many were new.
 */
export async function noticeWindows(db: Db, userId: number, known?: readonly DocumentDto[]): Promise<number> {
  const docs = (known ?? (await listDocuments(db, userId))).filter((d) => d.status !== 'valid');
  if (docs.length === 0) return 0;
  const told = await store.existingMessageKeys(db, userId, docs.map(windowKey));
  const due = docs.filter((d) => !told.has(windowKey(d)));
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    let written = 0;
    for (const d of due) {
      if (await postMessage(tx, userId, windowMessage(d))) written++;
    }
    return written;
  });
}

/** The documents list of GET /api/user/zizhi, telling of windows entered on the way (QUAL-03). */
export async function documentsSeen(db: Db, userId: number): Promise<DocumentDto[]> {
  const docs = await listDocuments(db, userId);
  await noticeWindows(db, userId, docs);
  return docs;
}

/**
 * QUAL-04: refuses an order while a required document of the buyer's company has expired (a scan under review does
 * not lift it: the platform has not accepted it yet). Called first when an order is placed, in its transaction.
 */
export async function assertMayOrder(q: Queryable, userId: number): Promise<void> {
  const expired = (await listDocuments(q, userId)).filter((d) => d.required === 1 && d.status === 'expired');
  if (expired.length > 0) throw new ApiError(400, Refusal.QUALIFICATION_EXPIRED, expiredRefusalText(expired));
}

/** QUAL-02: a new scan of one document (a qualification upload of the buyer's), waiting for the platform's review. */
export async function submitScan(db: Db, userId: number, id: number, fileId: number): Promise<DocumentDto> {
  await db.transaction(async (tx) => {
    if ((await store.findDocument(tx, userId, id)) === undefined) throw documentNotFound();
    const owned = await ownedFileIds(tx, userId, 'qualification', [fileId]);
    // Another user's file, or one uploaded for something else, is refused as an unknown one (FILE-01).
    if (!owned.has(fileId)) throw formError({ file_id: ['请先上传证件扫描件'] });
    await store.submitScan(tx, userId, id, fileId);
  });
  const doc = (await listDocuments(db, userId)).find((d) => d.id === id);
  if (doc === undefined) throw documentNotFound();
  return doc;
}

export type ReviewDecision =
  | { result: 'approve'; number?: string; valid_from: string; valid_to: string | null }
  | { result: 'refuse'; remark: string };

/**
 * QUAL-02: the platform's decision on the waiting scan of a document. Approved, the scan, number and validity become
 * the document's; refused, the document stays as it was. Either way the buyer who sent it gets a message.
 */
export async function reviewScan(db: Db, qualificationId: number, decision: ReviewDecision) {
  return db.transaction(async (tx) => {
    const review = await store.pendingReview(tx, qualificationId);
    if (review === undefined) throw notFound('该证件没有待审核的扫描件');
    if (decision.result === 'approve') {
      await store.renewDocument(tx, qualificationId, {
        file_id: review.file_id,
        number: decision.number,
        valid_from: decision.valid_from,
        valid_to: decision.valid_to,
      });
      await store.closeReview(tx, review.review_id, 'approved', '');
    } else {
      await store.closeReview(tx, review.review_id, 'refused', decision.remark);
    }
    const approved = decision.result === 'approve';
    await postMessage(tx, review.user_id, {
      kind: 'system',
      title: approved ? `${review.name}审核通过` : `${review.name}审核未通过`,
      body: approved
        ? `您提交的${review.name}已审核通过，有效期至${decision.valid_to ?? '长期'}。`
        : `您提交的${review.name}未通过审核：${decision.remark}。请重新上传。`,
      link: '/zzzj',
      dedupeKey: `qualification-review:${review.review_id}`,
    });
    return { id: qualificationId, review_id: review.review_id, status: approved ? 'approved' : 'refused' };
  });
}

export const businessScope = store.businessScope;
