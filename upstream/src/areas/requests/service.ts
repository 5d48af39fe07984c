/**
 * Variety wanted (品种求购) and feedback (意见反馈), REQ-01..REQ-06 in docs/product.md: the buyer's requests and
 * feedback, read only by their owner, and the platform's one answer to each, which writes the buyer a message in the
 * same transaction. Rules and transactions over ./store; no HTTP here.
 */
import type { Db, Queryable } from '../../db/db';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { ownedFileIds } from '../files/store';
import { postMessage, type NewMessage } from '../messages/store';
import * as store from './store';
import { RequestStatus, type FeedbackRow, type RequestStatusCode, type VarietyRequestRow } from './store';

export const STATUS_TEXT: Record<RequestStatusCode, string> = { 0: '待处理', 1: '已上架', 2: '无法采购' };

/** REQ-04: the kinds of feedback a buyer chooses from. */
export const FEEDBACK_TYPES = ['商品问题', '物流配送', '售后服务', '网站建议', '其他'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** REQ-04: at most this many pictures with one feedback. */
export const MAX_IMAGES = 4;

export const requestNotFound = () => notFound('求购信息不存在');
export const feedbackNotFound = () => notFound('反馈不存在');
/** An operator answering what was answered already: a conflict, and nothing changes. */
const alreadyAnswered = (what: string) => new ApiError(409, 409, `该${what}已答复，不能重复答复`);

export const goodsPath = (goodsId: number) => `/list/info/${goodsId}`;
export const requestPath = (id: number) => `/pzqg/info?id=${id}`;

/** A message written once per event (MSG-01): the seed finds it again by its key. */
type KeyedMessage = NewMessage & { dedupeKey: string };

/** REQ-03: the message an answer writes the buyer; `listed` names the goods the request became. */
export function answeredMessage(
  id: number,
  name: string,
  listed: { goodsId: number } | null,
  answer: string,
): KeyedMessage {
  return {
    kind: 'system',
    title: listed ? '您求购的品种已上架' : '您求购的品种暂无法采购',
    body: listed ? `您求购的「${name}」已上架，欢迎选购。${answer}`.trim() : `您求购的「${name}」暂无法采购：${answer}`,
    link: listed ? goodsPath(listed.goodsId) : requestPath(id),
    dedupeKey: `variety-request-answered:${id}`,
  };
}

/** REQ-05: the message a reply to feedback writes the buyer. */
export function repliedMessage(id: number, type: string, reply: string): KeyedMessage {
  return {
    kind: 'system',
    title: '您的意见反馈已回复',
    body: `您提交的「${type}」反馈已收到平台回复：${reply}`,
    link: '/yjfk',
    dedupeKey: `feedback-replied:${id}`,
  };
}

function requestDto(row: VarietyRequestRow) {
  return {
    id: row.id,
    name: row.name,
    ypgg: row.ypgg,
    sccj: row.sccj,
    pzwh: row.pzwh,
    number: row.number,
    price: row.price,
    remark: row.remark,
    status: row.status,
    status_text: STATUS_TEXT[row.status],
    goods:
      row.goods_id === null
        ? null
        : { id: row.goods_id, name: row.goods_name ?? '', sccj: row.goods_sccj ?? '', ypgg: row.goods_ypgg ?? '' },
    answer: row.answer,
    created_at: iso(row.created_at),
    answered_at: row.answered_at === null ? null : iso(row.answered_at),
  };
}

export type VarietyRequestDto = ReturnType<typeof requestDto>;

/** REQ-06: a page of the buyer's own requests, newest first. */
export async function requestsPage(q: Queryable, userId: number, current: number, perPage: number) {
  const { rows, total } = await store.listRequests(q, userId, current, perPage);
  return page(rows.map(requestDto), total, current, perPage);
}

/** REQ-06: one request of the buyer; another buyer's answers exactly as an unknown one (SEC-01). */
export async function loadRequest(q: Queryable, userId: number, id: number): Promise<VarietyRequestDto> {
  const row = await store.findRequest(q, userId, id);
  if (row === undefined) throw requestNotFound();
  return requestDto(row);
}

/** REQ-01, REQ-02: files a request; a second pending request for the same variety is refused on `name`. */
export async function createRequest(db: Db, userId: number, input: store.NewVarietyRequest) {
  const id = await store.insertRequest(db, userId, input);
  if (id === undefined) {
    throw formError({ name: ['您已求购过该品种，平台正在处理，请勿重复提交'] });
  }
  return loadRequest(db, userId, id);
}

export async function requestForOperator(q: Queryable, id: number): Promise<VarietyRequestDto> {
  const row = await store.requestById(q, id);
  if (row === undefined) throw requestNotFound();
  return requestDto(row);
}

export type RequestAnswer =
  { status: 'listed'; goodsId: number; answer: string } | { status: 'unavailable'; answer: string };

/**
 * REQ-03: the platform answers a pending request once: listed, naming the goods it became, or unavailable with the
 * reason. The answer and the buyer's message are written in one transaction; a request answered already is refused
 * with 409 and nothing changes.
 */
export async function answerRequest(db: Db, id: number, input: RequestAnswer): Promise<VarietyRequestDto> {
  await db.transaction(async (tx) => {
    const listed = input.status === 'listed';
    if (listed && !(await store.goodsExists(tx, input.goodsId))) throw formError({ goods_id: ['商品不存在'] });
    const moved = await store.answerRequest(
      tx,
      id,
      listed ? RequestStatus.LISTED : RequestStatus.UNAVAILABLE,
      listed ? input.goodsId : null,
      input.answer === '' ? null : input.answer,
    );
    if (moved === undefined) {
      if ((await store.requestById(tx, id)) === undefined) throw requestNotFound();
      throw alreadyAnswered('求购');
    }
    await postMessage(
      tx,
      moved.user_id,
      answeredMessage(id, moved.name, listed ? { goodsId: input.goodsId } : null, input.answer),
    );
  });
  return requestForOperator(db, id);
}

function feedbackDto(row: FeedbackRow, images: { id: number; name: string; mime: string }[]) {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    phone: row.phone,
    email: row.email,
    images,
    reply: row.reply,
    created_at: iso(row.created_at),
    replied_at: row.replied_at === null ? null : iso(row.replied_at),
  };
}

export type FeedbackDto = ReturnType<typeof feedbackDto>;

async function withImages(q: Queryable, rows: FeedbackRow[]): Promise<FeedbackDto[]> {
  const images = await store.imagesOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    feedbackDto(
      row,
      images.filter((i) => i.feedback_id === row.id).map(({ id, name, mime }) => ({ id, name, mime })),
    ),
  );
}

/** REQ-06: a page of the buyer's own feedback with the platform's replies, newest first. */
export async function feedbackPage(q: Queryable, userId: number, current: number, perPage: number) {
  const { rows, total } = await store.listFeedback(q, userId, current, perPage);
  return page(await withImages(q, rows), total, current, perPage);
}

async function loadFeedback(q: Queryable, userId: number | null, id: number): Promise<FeedbackDto> {
  const row = userId === null ? await store.feedbackById(q, id) : await store.findFeedback(q, userId, id);
  const [dto] = await withImages(q, row === undefined ? [] : [row]);
  if (dto === undefined) throw feedbackNotFound();
  return dto;
}

export interface FeedbackInput {
  type: FeedbackType;
  content: string;
  phone: string;
  /** VAL-03; null when not given. */
  email: string | null;
  file_ids: readonly number[];
}

/**
 * REQ-04: files feedback. Its pictures are the buyer's own uploads of purpose feedback (FILE-01, SEC-01): another
 * user's file, or one uploaded for something else, is refused exactly as an unknown one, and nothing is written.
 */
export async function submitFeedback(db: Db, userId: number, input: FeedbackInput): Promise<FeedbackDto> {
  const id = await db.transaction(async (tx) => {
    const images = [...new Set(input.file_ids)];
    const owned = await ownedFileIds(tx, userId, 'feedback', images);
    if (owned.size !== images.length) throw formError({ file_ids: ['图片不存在或已失效，请重新上传'] });
    const feedbackId = await store.insertFeedback(tx, userId, input);
    await store.insertImages(tx, feedbackId, images);
    return feedbackId;
  });
  return loadFeedback(db, userId, id);
}

export const feedbackForOperator = (q: Queryable, id: number) => loadFeedback(q, null, id);

/** REQ-05: the platform replies to feedback once; the reply and the buyer's message are one transaction. */
export async function replyFeedback(db: Db, id: number, reply: string): Promise<FeedbackDto> {
  await db.transaction(async (tx) => {
    const replied = await store.replyFeedback(tx, id, reply);
    if (replied === undefined) {
      if ((await store.feedbackById(tx, id)) === undefined) throw feedbackNotFound();
      throw alreadyAnswered('反馈');
    }
    await postMessage(tx, replied.user_id, repliedMessage(id, replied.type, reply));
  });
  return feedbackForOperator(db, id);
}
