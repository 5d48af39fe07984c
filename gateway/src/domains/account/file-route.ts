import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestClient } from '../../rest/client';
import { plainText, requestCredentials } from '../../relay';

/** The gateway's address of a buyer's file (FILE-02): /files/{id}, the id as the upstream's record ids are written. */
export const FILE_ROUTE = /^\/files\/([1-9]\d{0,9})$/;

const SERVED_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/**
 * Relays GET /files/{id} to the upstream's GET /api/user/file/{id} with the browser's own session (cookie or bearer
 * token): the upstream port is not public, and only the file's uploader is answered (FILE-01; another buyer's file is
 * the same 404 as an unknown one). The bytes go out with their type, `nosniff` and the upstream's inline
 * Content-Disposition, and are kept in the browser's private cache only.
 */
export async function relayFile(client: RestClient, req: IncomingMessage, res: ServerResponse, id: string) {
  const credentials = requestCredentials(req);
  let answer;
  try {
    answer = await client.session(credentials, []).getBytes(`/api/user/file/${id}`);
  } catch {
    plainText(res, 502, '系统繁忙，请稍候再试');
    return;
  }
  if (answer.status === 401) return plainText(res, 401, '请先登录');
  if (answer.status === 404) return plainText(res, 404, '文件不存在');
  const type = answer.contentType?.split(';', 1)[0]?.trim() ?? '';
  if (answer.status !== 200 || !SERVED_TYPES.has(type)) return plainText(res, 502, '系统繁忙，请稍候再试');
  res.writeHead(200, {
    'content-type': type,
    'content-length': String(answer.bytes.byteLength),
    'x-content-type-options': 'nosniff',
    'content-disposition': answer.contentDisposition ?? 'inline',
    'cache-control': 'private, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : answer.bytes);
}
