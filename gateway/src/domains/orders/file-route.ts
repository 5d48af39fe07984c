import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { RestClient } from '../../rest/client';
import { attachmentDisposition, plainText, refusalMessage, requestCredentials, sendAttachment } from '../../relay';

/** ORDER-18: the order export, its format in the extension; the order list's filter in the query. */
export const ORDER_EXPORT_ROUTE = /^\/orders\/export\.(xlsx|csv)$/;
/** ORDER-18: a month's statement, `/orders/statement-2026-11.pdf`. */
export const ORDER_STATEMENT_ROUTE = /^\/orders\/statement-(\d{4}-\d{2})\.(pdf|xlsx)$/;
/** BATCH-08: a shipped order's delivery note (随货同行单), `/orders/123/delivery-note.pdf`. */
export const DELIVERY_NOTE_ROUTE = /^\/orders\/([1-9]\d{0,9})\/delivery-note\.pdf$/;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The types each kind of file may come back as; anything else is not passed on. */
const TYPES: Record<string, readonly string[]> = { xlsx: [XLSX], csv: ['text/csv'], pdf: ['application/pdf'] };

/** The order list's tabs (its `status` address parameter, AFTER-02, ORDER-14) as the upstream's filter. */
const TABS = new Map<string, Record<string, string>>([
  ['all', {}],
  ['UNPAID', { status: '0' }],
  ['CONFIRMING', { confirming: '1' }],
  ['PAID', { status: '1' }],
  ['SHIPPED', { status: '2' }],
  ['DONE', { status: '3' }],
  ['CANCELLED', { status: '4' }],
  ['AFTER_SALE', { after_sale: '1' }],
]);

/**
 * The upstream's query for an export from the order list's own address (`status`, `q`, `from`, `to`) and the file's
 * `encoding` and `content`; undefined for a tab that does not exist. Values go on as given: the upstream judges them.
 */
export function exportQuery(search: URLSearchParams, format: string): URLSearchParams | undefined {
  const tab = TABS.get(search.get('status') ?? 'all');
  if (tab === undefined) return undefined;
  const query = new URLSearchParams({ format, ...tab });
  const pass: [string, string][] = [
    ['q', 'keyword'],
    ['from', 'start_date'],
    ['to', 'end_date'],
    ['encoding', 'encoding'],
    ['content', 'kind'],
  ];
  for (const [from, to] of pass) {
    const value = search.get(from);
    if (value !== null && value !== '') query.set(to, value);
  }
  return query;
}

/** A session to relay: a bearer token or the `token` cookie. */
function hasSession(req: IncomingMessage): boolean {
  if (typeof req.headers.authorization === 'string' && req.headers.authorization !== '') return true;
  return typeof req.headers.cookie === 'string' && Boolean(parseCookies(req.headers.cookie).token);
}

/** Relays a file download of the upstream with the browser's session (also the credit statement's, CREDIT-08). */
export async function relay(
  client: RestClient,
  req: IncomingMessage,
  res: ServerResponse,
  upstreamPath: string,
  extension: string,
  fallbackName: string,
): Promise<void> {
  if (!hasSession(req)) return plainText(res, 401, '请先登录');
  let answer;
  try {
    answer = await client.session(requestCredentials(req), []).getBytes(upstreamPath);
  } catch {
    return plainText(res, 502, '系统繁忙，请稍候再试');
  }
  if (answer.status === 401) return plainText(res, 401, '请先登录');
  // BATCH-08: another buyer's order answers as a missing one does.
  if (answer.status === 404) return plainText(res, 404, refusalMessage(answer.bytes) ?? '文件不存在');
  // A bad range, a month without orders, too many lines: the upstream's sentence, with its status.
  if (answer.status === 400 || answer.status === 422) {
    return plainText(res, answer.status, refusalMessage(answer.bytes) ?? '导出条件不正确，请检查后重试');
  }
  const type = answer.contentType?.split(';', 1)[0]?.trim() ?? '';
  if (answer.status !== 200 || !(TYPES[extension] ?? []).includes(type)) {
    return plainText(res, 502, '系统繁忙，请稍候再试');
  }
  sendAttachment(req, res, {
    bytes: answer.bytes,
    contentType: answer.contentType ?? type,
    disposition: attachmentDisposition(answer.contentDisposition, fallbackName, extension, () => fallbackName),
  });
}

/**
 * ORDER-18: relays GET /orders/export.{xlsx,csv}?status&q&from&to&encoding&content to the upstream's GET
 * /api/order/export with the browser's own session, as /invoices/{id}.pdf relays invoices (INVOICE-06): without a
 * session 401, the upstream's refusals in its words, the file as an attachment no shared cache keeps.
 */
export function relayOrderExport(client: RestClient, req: IncomingMessage, res: ServerResponse, format: string) {
  const search = new URL(req.url ?? '/', 'http://gateway.internal').searchParams;
  const query = exportQuery(search, format);
  if (query === undefined) return plainText(res, 422, '订单状态不正确');
  return relay(client, req, res, `/api/order/export?${query.toString()}`, format, `orders.${format}`);
}

/** The relay of a month's statement from `upstreamPath?month&format`, saved as `{name}-{month}.{format}`. */
export const monthStatementRelay =
  (upstreamPath: string, name: string) =>
  (client: RestClient, req: IncomingMessage, res: ServerResponse, month: string, format: string) => {
    const query = new URLSearchParams({ month, format });
    return relay(client, req, res, `${upstreamPath}?${query.toString()}`, format, `${name}-${month}.${format}`);
  };

/** ORDER-18: relays GET /orders/statement-{YYYY-MM}.{pdf,xlsx} to the upstream's GET /api/order/statement. */
export const relayOrderStatement = monthStatementRelay('/api/order/statement', 'statement');

/**
 * BATCH-08: relays GET /orders/{id}/delivery-note.pdf to the upstream's GET /api/order/{id}/delivery-note with the
 * buyer's session: an order not shipped yet is refused in the upstream's words, anyone else's order is 404.
 */
export function relayDeliveryNote(client: RestClient, req: IncomingMessage, res: ServerResponse, orderId: string) {
  return relay(client, req, res, `/api/order/${orderId}/delivery-note`, 'pdf', `delivery-note-${orderId}.pdf`);
}
