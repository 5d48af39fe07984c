/** The SQL of the order export and the monthly statement: only the signed-in account's orders (ORDER-13). */
import type { Queryable } from '../../db/db';
import { AWAITING_TRANSFER, CANCELLED, orderWhere, type OrderFilter } from '../orders/store';
import { ReturnStatus } from '../returns/store';

/** One order line as the export writes it, with its order's facts (ORDER-15). */
export interface ExportLineRow {
  order_id: number;
  order_sn: string;
  status: number;
  /** 1 when the unpaid order's transfer slip waits for the platform (待确认, ORDER-14). */
  confirming: number;
  /** China time, YYYY-MM-DD HH:MM. */
  placed: string;
  goods_amount: number;
  freight_amount: number;
  pay_amount: number;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  /** The goods' 批准文号 as the catalogue has it today (order lines do not copy it); '' when none. */
  pzwh: string;
  number: number;
  price: number;
  total: number;
}

/**
 * The lines of the account's orders that the order list's filter selects, newest order first and each order's lines
 * in their order; at most `limit` rows, so a caller asking one more than it allows learns that there are more.
 */
export function exportLines(q: Queryable, userId: number, filter: OrderFilter, limit: number) {
  const { where, params } = orderWhere(userId, filter);
  return q.query<ExportLineRow>(
    `SELECT o.id AS order_id, o.order_sn, o.status, (o.status = 0 AND ${AWAITING_TRANSFER})::int AS confirming,
       to_char(o.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS placed,
       o.goods_amount, o.freight_amount, o.pay_amount,
       l.goods_id, l.name, l.ypgg, l.sccj, l.bzdw, COALESCE(g.pzwh, '') AS pzwh, l.number, l.price, l.total
     FROM orders o
     JOIN order_lines l ON l.order_id = o.id
     LEFT JOIN goods g ON g.id = l.goods_id
     WHERE ${where}
     ORDER BY o.created_at DESC, o.id DESC, l.id
     LIMIT $${params.length + 1}`,
    [...params, limit],
  );
}

/** One order of a monthly statement (ORDER-17). */
export interface StatementRow {
  order_sn: string;
  status: number;
  confirming: number;
  /** China time, YYYY-MM-DD HH:MM. */
  placed: string;
  pay_amount: number;
  /** What the order paid: its amount once paid, 0 while unpaid. */
  paid: number;
  /** What its refunded returns gave back (AFTER-07), whenever they were refunded. */
  refunded: number;
}

/**
 * The account's orders placed in one China-time month (`month` is YYYY-MM), oldest first, cancelled ones left out:
 * they never charged anything.
 */
export function statementRows(q: Queryable, userId: number, month: string) {
  return q.query<StatementRow>(
    `SELECT o.order_sn, o.status, (o.status = 0 AND ${AWAITING_TRANSFER})::int AS confirming,
       to_char(o.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS placed,
       o.pay_amount,
       CASE WHEN o.paid_at IS NULL THEN 0 ELSE o.pay_amount END AS paid,
       (SELECT COALESCE(sum(r.refund_amount), 0)::int FROM returns r WHERE r.order_id = o.id
                                                         AND r.status = ${ReturnStatus.REFUNDED})
         AS refunded
     FROM orders o
     WHERE o.user_id = $1 AND o.status <> ${CANCELLED}
       AND o.created_at >= (($2 || '-01')::date)::timestamp AT TIME ZONE 'Asia/Shanghai'
       AND o.created_at < ((($2 || '-01')::date + interval '1 month')::date)::timestamp AT TIME ZONE 'Asia/Shanghai'
     ORDER BY o.created_at, o.id`,
    [userId, month],
  );
}

/** Who the statement is for: the company and, for a chain's store account, the store (STORE-05). */
export async function statementParty(q: Queryable, userId: number) {
  const [row] = await q.query<{ company: string; store: string }>(
    `SELECT c.name AS company, u.store_name AS store FROM users u JOIN companies c ON c.id = u.company_id
     WHERE u.id = $1`,
    [userId],
  );
  return row ?? { company: '', store: '' };
}
