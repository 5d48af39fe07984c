import type { IncomingMessage, ServerResponse } from 'node:http';
import contentDisposition from 'content-disposition';
import type { RestClient } from '../../rest/client';
import { plainText, requestCredentials } from '../../relay';

/** INVOICE-06: the gateway's address of an invoice's PDF, the id written as the upstream's record ids are. */
export const INVOICE_PDF_ROUTE = /^\/invoices\/([1-9]\d{0,9})\.pdf$/;

export const invoicePdfPath = (id: number | string) => `/invoices/${id}.pdf`;

/** The upstream's JSON refusal message, shown as it is (发票开具中…); a body that is not one reads as busy. */
function refusal(bytes: Uint8Array): string | undefined {
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: the caller answers busy.
  }
  return undefined;
}

/**
 * The file name the browser saves under: the upstream's (电子发票-{code}-{number}.pdf) when it sent a readable one,
 * written anew per RFC 6266 with an ASCII fallback and the UTF-8 name in RFC 5987 form.
 */
function attachmentFor(upstream: string | undefined, id: string): string {
  let name = `电子发票-${id}.pdf`;
  if (upstream !== undefined) {
    try {
      const parsed = contentDisposition.parse(upstream).parameters.filename;
      if (typeof parsed === 'string' && /^[^/\\]{1,100}\.pdf$/.test(parsed)) name = parsed;
    } catch {
      // An unreadable header: the name from the id.
    }
  }
  const fallback = name.replace(/[^\x20-\x7e]/g, '').replace(/^[-_ ]+/, '') || `invoice-${id}.pdf`;
  return contentDisposition(name, { fallback: fallback === '.pdf' ? `invoice-${id}.pdf` : fallback });
}

/**
 * INVOICE-06: relays GET /invoices/{id}.pdf to the upstream's GET /api/user/invoice/{id}/pdf with the browser's own
 * session (cookie or bearer token), as /files/{id} relays uploads: another company's invoice is the same 404 as an
 * unknown one, and one still 开票中 says so (409). The PDF goes out as an attachment that no cache but the
 * browser's own memory keeps.
 */
export async function relayInvoicePdf(client: RestClient, req: IncomingMessage, res: ServerResponse, id: string) {
  const credentials = requestCredentials(req);
  let answer;
  try {
    answer = await client.session(credentials, []).getBytes(`/api/user/invoice/${id}/pdf`);
  } catch {
    plainText(res, 502, '系统繁忙，请稍候再试');
    return;
  }
  if (answer.status === 401) return plainText(res, 401, '请先登录');
  if (answer.status === 404) return plainText(res, 404, '发票不存在');
  if (answer.status === 409) return plainText(res, 409, refusal(answer.bytes) ?? '发票开具中，暂无PDF');
  const type = answer.contentType?.split(';', 1)[0]?.trim() ?? '';
  if (answer.status !== 200 || type !== 'application/pdf') return plainText(res, 502, '系统繁忙，请稍候再试');
  res.writeHead(200, {
    'content-type': 'application/pdf',
    'content-length': String(answer.bytes.byteLength),
    'content-disposition': attachmentFor(answer.contentDisposition, id),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : answer.bytes);
}
