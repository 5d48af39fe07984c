import type { Plugin } from 'graphql-yoga';
import { payloadTooLargeText } from '@pharma/domain/text';

const LENGTH_REQUIRED = '请求缺少内容长度（Content-Length）';

/**
 * Refuses a POST body above `maxBytes` from its Content-Length, before anything reads it: Node's HTTP parser reads
 * exactly Content-Length bytes, so the header bounds the body. A body without a length (chunked) could be of any
 * size: it is refused, as browsers and GraphQL clients always send one. Yoga's own limit pipes every body through a
 * TransformStream with an AbortController, about a tenth of the gateway's CPU per operation (ADR 0201).
 */
export function useBodyLimit({
  maxBytes,
  maxMultipartBytes = maxBytes,
}: {
  maxBytes: number;
  /** The limit of a multipart body (an upload); the plain limit when not given. */
  maxMultipartBytes?: number;
}): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method !== 'POST') return;
      const multipart = request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data') ?? false;
      const limit = multipart ? maxMultipartBytes : maxBytes;
      const length = request.headers.get('content-length');
      let refusal: { status: number; message: string; extensions: Record<string, unknown> } | null = null;
      if (length === null) {
        if (request.headers.get('transfer-encoding') !== null)
          refusal = { status: 411, message: LENGTH_REQUIRED, extensions: { code: 'LENGTH_REQUIRED' } };
      } else if (!/^\d+$/.test(length.trim()) || Number(length) > limit) {
        // ERR-20: the contract's PAYLOAD_TOO_LARGE, in Chinese, with the limit the client may retry within.
        refusal = {
          status: 413,
          message: payloadTooLargeText(limit),
          extensions: { code: 'PAYLOAD_TOO_LARGE', limitBytes: limit },
        };
      }
      if (!refusal) return;
      const { status, message, extensions } = refusal;
      endResponse(
        new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions }] }), {
          status,
          // The unread body would otherwise be parsed as the connection's next request.
          headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' },
        }),
      );
    },
  };
}
