import { monthStatementRelay } from '../orders/file-route';

/** CREDIT-08: a month's credit statement, `/credit/statement-2026-11.pdf`. */
export const CREDIT_STATEMENT_ROUTE = /^\/credit\/statement-(\d{4}-\d{2})\.(pdf|xlsx)$/;

/** The gateway's address of a month's credit statement, as the account page links it. */
export const creditStatementPath = (month: string, format: 'pdf' | 'xlsx') => `/credit/statement-${month}.${format}`;

/**
 * CREDIT-08: relays GET /credit/statement-{YYYY-MM}.{pdf,xlsx} to the upstream's GET /api/user/credit/statement with
 * the browser's own session, as the order statement is (ORDER-18): without a session 401, the upstream's refusals in
 * its words, the file as an attachment no shared cache keeps.
 */
export const relayCreditStatement = monthStatementRelay('/api/user/credit/statement', 'credit-statement');
