import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import type { Plugin } from 'graphql-yoga';
import { audit } from '../audit';

/**
 * Yoga's CSRF prevention (a simple request, which a browser sends cross-site without a preflight, must carry one of
 * `requestHeaders`), with SEC-24's audit line for each refusal: a page somewhere trying the buyers' sessions shows up
 * as `csrf.refused` lines with its Origin.
 */
export function useAuditedCsrfPrevention(options: { requestHeaders: string[] }): Plugin {
  const prevention = useCSRFPrevention(options);
  return {
    onRequestParse(payload) {
      try {
        return prevention.onRequestParse?.(payload);
      } catch (refusal) {
        const { request } = payload;
        audit(
          'csrf.refused',
          {
            method: request.method,
            origin: request.headers.get('origin'),
            contentType: request.headers.get('content-type'),
          },
          request,
        );
        throw refusal;
      }
    },
  };
}
