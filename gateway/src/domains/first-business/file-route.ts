import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestClient } from '../../rest/client';
import { attachmentDisposition, plainText, refusalMessage, requestCredentials, sendAttachment } from '../../relay';

/** FIRST-06: the first-business documents of an order (`?order={id}`) or of goods (`?goods={id},{id}`). */
export const FIRST_BUSINESS_ROUTE = /^\/first-business\/documents\.zip$/;

/** FIRST-06: the gateway's address of a download, the ids as the buyer's page has them. */
export function firstBusinessDocumentsPath(of: { orderId: string } | { goodsIds: readonly string[] }): string {
  const query = new URLSearchParams('orderId' in of ? { order: of.orderId } : { goods: of.goodsIds.join(',') });
  return `/first-business/documents.zip?${query.toString()}`;
}

/** More ids than this are not even passed on: the upstream refuses over 50 (FIRST-02) and says so. */
const MAX_PASSED = 51;

/**
 * The upstream's query for the browser's address, or the refusal to answer without asking: exactly one of `order`
 * and `goods`. Ids go on as given (the upstream judges them), as many as the upstream needs to judge the count.
 */
export function documentsQuery(search: URLSearchParams): URLSearchParams | string {
  const order = search.get('order');
  const goods = search.get('goods');
  if ((order === null) === (goods === null)) return '请选择一个订单或若干商品';
  const query = new URLSearchParams();
  if (order !== null) query.set('order_id', order);
  else {
    for (const id of (goods ?? '').split(',').slice(0, MAX_PASSED)) query.append('goods_ids[]', id.trim());
  }
  return query;
}

/** A session to relay: a bearer token or the `token` cookie. */
function hasSession(req: IncomingMessage): boolean {
  if (typeof req.headers.authorization === 'string' && req.headers.authorization !== '') return true;
  return typeof req.headers.cookie === 'string' && /(?:^|;\s*)token=[^;]/.test(req.headers.cookie);
}

/**
 * FIRST-06: relays GET /first-business/documents.zip?order|goods to the upstream's GET /api/first_business/documents
 * with the browser's own session, as the order files are (ORDER-18): without a session 401 (and no upstream call),
 * the upstream's refusals in its words with their status, only a zip passed on, as an attachment no cache keeps.
 */
export async function relayFirstBusinessDocuments(
  client: RestClient,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!hasSession(req)) return plainText(res, 401, '请先登录');
  const query = documentsQuery(new URL(req.url ?? '/', 'http://gateway.internal').searchParams);
  if (typeof query === 'string') return plainText(res, 422, query);
  let answer;
  try {
    answer = await client
      .session(requestCredentials(req), [])
      .getBytes(`/api/first_business/documents?${query.toString()}`);
  } catch {
    return plainText(res, 502, '系统繁忙，请稍候再试');
  }
  if (answer.status === 401) return plainText(res, 401, '请先登录');
  // An unknown order or goods, too many goods, a malformed id: the upstream's sentence, with its status.
  if (answer.status === 400 || answer.status === 404 || answer.status === 422) {
    const fallback = answer.status === 404 ? '订单或商品不存在' : '所选商品不正确，请检查后重试';
    return plainText(res, answer.status, refusalMessage(answer.bytes) ?? fallback);
  }
  const type = answer.contentType?.split(';', 1)[0]?.trim() ?? '';
  if (answer.status !== 200 || type !== 'application/zip') return plainText(res, 502, '系统繁忙，请稍候再试');
  sendAttachment(req, res, {
    bytes: answer.bytes,
    contentType: 'application/zip',
    disposition: attachmentDisposition(
      answer.contentDisposition,
      '首营资料.zip',
      'zip',
      () => 'first-business-documents.zip',
    ),
  });
}
