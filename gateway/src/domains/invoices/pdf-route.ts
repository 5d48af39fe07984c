import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestClient } from '../../rest/client';
import { attachmentDisposition, plainText, refusalMessage, requestCredentials, sendAttachment } from '../../relay';

/** INVOICE-06: the gateway's address of an invoice's PDF, the id written as the upstream's record ids are. */
export const INVOICE_PDF_ROUTE = /^\/invoices\/([1-9]\d{0,9})\.pdf$/;

export const invoicePdfPath = (id: number | string) => `/invoices/${id}.pdf`;

/** INVOICE-06: an ASCII name for browsers without RFC 5987, from the name chosen (invoice-{id}.pdf when none is left). */
function asciiName(name: string, id: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '').replace(/^[-_ ]+/, '');
  return ascii === '' || ascii === '.pdf' ? `invoice-${id}.pdf` : ascii;
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
  if (answer.status === 409) return plainText(res, 409, refusalMessage(answer.bytes) ?? '发票开具中，暂无PDF');
  const type = answer.contentType?.split(';', 1)[0]?.trim() ?? '';
  if (answer.status !== 200 || type !== 'application/pdf') return plainText(res, 502, '系统繁忙，请稍候再试');
  sendAttachment(req, res, {
    bytes: answer.bytes,
    contentType: 'application/pdf',
    disposition: attachmentDisposition(answer.contentDisposition, `电子发票-${id}.pdf`, 'pdf', (name) =>
      asciiName(name, id),
    ),
  });
}
