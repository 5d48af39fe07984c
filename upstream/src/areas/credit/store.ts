/** The SQL of credit terms (migration 0045): lines, charges, refunds and repayments per company (CREDIT-01..CREDIT-08). */
import type { CreditCharge } from '@pharma/domain/credit';
import type { Queryable } from '../../db/db';

export interface LineRow {
  company_id: number;
  limit_amount: number;
  term_days: number;
}

export type RepaymentStatus = 'pending' | 'confirmed' | 'rejected';

export interface RepaymentRow {
  id: number;
  company_id: number;
  user_id: number;
  amount: number;
  payer_name: string;
  remark: string;
  status: RepaymentStatus;
  reject_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

export interface ChargeRow {
  id: number;
  order_id: number;
  order_sn: string;
  amount: number;
  refunded: number;
  due_date: string;
  created_at: Date | string;
}

const companyOfUser = 'SELECT company_id FROM users WHERE id = $1';

/** The company of a signed-in account (its store accounts share one line). */
export async function companyOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ company_id: number }>(companyOfUser, [userId]);
  if (row === undefined) throw new Error(`credit of missing user ${userId}`);
  return row.company_id;
}

export async function lineOf(q: Queryable, companyId: number): Promise<LineRow | undefined> {
  const [row] = await q.query<LineRow>(
    'SELECT company_id, limit_amount, term_days FROM credit_lines WHERE company_id = $1',
    [companyId],
  );
  return row;
}

/** The line under its row lock: every change of what the company owes is made holding it (CREDIT-02). */
export async function lockLine(q: Queryable, companyId: number): Promise<LineRow | undefined> {
  const [row] = await q.query<LineRow>(
    'SELECT company_id, limit_amount, term_days FROM credit_lines WHERE company_id = $1 FOR UPDATE',
    [companyId],
  );
  return row;
}

/** CREDIT-01: grants or changes the line; undefined for an unknown company. */
export async function upsertLine(q: Queryable, companyId: number, limit: number, termDays: number) {
  const [row] = await q.query<LineRow>(
    `INSERT INTO credit_lines (company_id, limit_amount, term_days)
     SELECT id, $2, $3 FROM companies WHERE id = $1
     ON CONFLICT (company_id) DO UPDATE SET limit_amount = $2, term_days = $3, updated_at = now()
     RETURNING company_id, limit_amount, term_days`,
    [companyId, limit, termDays],
  );
  return row;
}

/** Every charge of the company with what refunds gave back, due date as YYYY-MM-DD, oldest first. */
export function chargesOf(q: Queryable, companyId: number): Promise<ChargeRow[]> {
  return q.query<ChargeRow>(
    `SELECT c.id, c.order_id, o.order_sn, c.amount, to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.created_at,
       COALESCE((SELECT sum(r.amount) FROM credit_refunds r WHERE r.charge_id = c.id), 0)::int AS refunded
     FROM credit_charges c JOIN orders o ON o.id = c.order_id
     WHERE c.company_id = $1 ORDER BY c.id`,
    [companyId],
  );
}

/** CREDIT-06: what confirmed repayments add up to. */
export async function repaidOf(q: Queryable, companyId: number): Promise<number> {
  const [row] = await q.query<{ repaid: number }>(
    "SELECT COALESCE(sum(amount), 0)::int AS repaid FROM credit_repayments WHERE company_id = $1 AND status = 'confirmed'",
    [companyId],
  );
  return row?.repaid ?? 0;
}

export const asCharges = (rows: readonly ChargeRow[]): CreditCharge[] =>
  rows.map((r) => ({ id: r.id, amount: r.amount, refunded: r.refunded, dueDate: r.due_date }));

export async function insertCharge(
  q: Queryable,
  c: { company_id: number; order_id: number; user_id: number; amount: number; due_date: string },
): Promise<void> {
  await q.query(
    `INSERT INTO credit_charges (company_id, order_id, user_id, amount, due_date) VALUES ($1, $2, $3, $4, $5::date)`,
    [c.company_id, c.order_id, c.user_id, c.amount, c.due_date],
  );
}

export async function chargeOfOrder(q: Queryable, orderId: number) {
  const [row] = await q.query<{ id: number; company_id: number; amount: number; refunded: number }>(
    `SELECT c.id, c.company_id, c.amount,
       COALESCE((SELECT sum(r.amount) FROM credit_refunds r WHERE r.charge_id = c.id), 0)::int AS refunded
     FROM credit_charges c WHERE c.order_id = $1`,
    [orderId],
  );
  return row;
}

export async function insertRefund(
  q: Queryable,
  r: { company_id: number; charge_id: number; return_id: number; amount: number },
): Promise<void> {
  await q.query('INSERT INTO credit_refunds (company_id, charge_id, return_id, amount) VALUES ($1, $2, $3, $4)', [
    r.company_id,
    r.charge_id,
    r.return_id,
    r.amount,
  ]);
}

const REPAYMENT_COLUMNS =
  'id, company_id, user_id, amount, payer_name, remark, status, reject_reason, created_at, decided_at';

export async function insertRepayment(
  q: Queryable,
  r: { company_id: number; user_id: number; amount: number; payer_name: string; remark: string },
): Promise<RepaymentRow> {
  const [row] = await q.query<RepaymentRow>(
    `INSERT INTO credit_repayments (company_id, user_id, amount, payer_name, remark) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${REPAYMENT_COLUMNS}`,
    [r.company_id, r.user_id, r.amount, r.payer_name, r.remark],
  );
  if (row === undefined) throw new Error('a repayment was not written');
  return row;
}

export function repaymentsOf(q: Queryable, companyId: number, limit: number): Promise<RepaymentRow[]> {
  return q.query<RepaymentRow>(
    `SELECT ${REPAYMENT_COLUMNS} FROM credit_repayments WHERE company_id = $1 ORDER BY id DESC LIMIT $2`,
    [companyId, limit],
  );
}

export function repaymentsByStatus(q: Queryable, status: RepaymentStatus, limit: number): Promise<RepaymentRow[]> {
  return q.query<RepaymentRow>(
    `SELECT ${REPAYMENT_COLUMNS} FROM credit_repayments WHERE status = $1 ORDER BY id LIMIT $2`,
    [status, limit],
  );
}

export async function repaymentCompany(q: Queryable, id: number): Promise<number | undefined> {
  const [row] = await q.query<{ company_id: number }>('SELECT company_id FROM credit_repayments WHERE id = $1', [id]);
  return row?.company_id;
}

/**
 * CREDIT-06: decides a waiting repayment. The conditional update lets exactly one of any number of concurrent
 * decisions through; the others find it decided and get undefined.
 */
export async function decideRepayment(
  q: Queryable,
  id: number,
  status: 'confirmed' | 'rejected',
  reason: string | null,
): Promise<RepaymentRow | undefined> {
  const [row] = await q.query<RepaymentRow>(
    `UPDATE credit_repayments SET status = $2, reject_reason = $3, decided_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING ${REPAYMENT_COLUMNS}`,
    [id, status, reason],
  );
  return row;
}

/** The rows of a China-time month's statement (CREDIT-08): charges, refunds and confirmed repayments, in time order. */
export interface StatementEntryRow {
  at: Date | string;
  day: string;
  kind: 'charge' | 'refund' | 'repayment';
  ref: string;
  due_date: string | null;
  amount: number;
}

const MONTH_ENTRIES = `
  SELECT c.created_at AS at, 'charge' AS kind, o.order_sn AS ref, to_char(c.due_date, 'YYYY-MM-DD') AS due_date,
         c.amount
    FROM credit_charges c JOIN orders o ON o.id = c.order_id WHERE c.company_id = $1
  UNION ALL
  SELECT r.created_at, 'refund', o.order_sn, NULL, r.amount
    FROM credit_refunds r JOIN credit_charges c ON c.id = r.charge_id JOIN orders o ON o.id = c.order_id
   WHERE r.company_id = $1
  UNION ALL
  SELECT p.decided_at, 'repayment', 'HK' || lpad(p.id::text, 8, '0'), NULL, p.amount
    FROM credit_repayments p WHERE p.company_id = $1 AND p.status = 'confirmed'`;

/** Entries of the month `YYYY-MM` (China time), and what was owed before it began. */
export async function statementEntries(q: Queryable, companyId: number, month: string) {
  const start = `(($2 || '-01')::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const end = `((($2 || '-01')::date + interval '1 month')::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const [rows, [opening]] = await Promise.all([
    q.query<StatementEntryRow>(
      `SELECT e.at, to_char(e.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, e.kind, e.ref, e.due_date, e.amount
       FROM (${MONTH_ENTRIES}) e WHERE e.at >= ${start} AND e.at < ${end} ORDER BY e.at, e.kind`,
      [companyId, month],
    ),
    q.query<{ owed: number }>(
      `SELECT COALESCE(sum(CASE WHEN e.kind = 'charge' THEN e.amount ELSE -e.amount END), 0)::int AS owed
       FROM (${MONTH_ENTRIES}) e WHERE e.at < ${start}`,
      [companyId, month],
    ),
  ]);
  return { rows, opening: opening?.owed ?? 0 };
}
