/** The company's points (积分): earned by orders (WALLET-01, WALLET-02), spent on points orders, adjusted. */
import type { Queryable } from '../../db/db';

/** Points movement types of points_log. */
export const PointsType = { EARNED: 1, SPENT: 2, ADJUSTED: 3 } as const;

/** WALLET-01: one point per whole yuan paid (100 fen); the fen below a yuan earn nothing. */
export const pointsForPaid = (paidFen: number): number => Math.floor(Math.max(0, paidFen) / 100);

/**
 * Awards the points an order earned to the company of its buyer, in the caller's transaction (call it when the
 * order is completed). WALLET-02: written once per order — the unique index on points_log(order_id) makes a second
 * award, concurrent or later, insert nothing and leave the company's points unchanged. An order paid less than one
 * yuan earns nothing and writes nothing.
 */
export async function awardOrderPoints(tx: Queryable, userId: number, orderId: number, paidFen: number): Promise<void> {
  const points = pointsForPaid(paidFen);
  if (points === 0) return;
  const [logged] = await tx.query<{ id: number; company_id: number }>(
    `INSERT INTO points_log (company_id, user_id, type, change, balance_after, order_id, remark)
     SELECT u.company_id, u.id, 1, $3, 0, o.id, '订单完成 ' || o.order_sn
     FROM users u JOIN orders o ON o.id = $2 AND o.user_id = u.id WHERE u.id = $1
     ON CONFLICT (order_id) WHERE type = 1 DO NOTHING RETURNING id, company_id`,
    [userId, orderId, points],
  );
  if (logged === undefined) return;
  const [company] = await tx.query<{ points: number }>(
    'UPDATE companies SET points = points + $2 WHERE id = $1 RETURNING points',
    [logged.company_id, points],
  );
  if (company === undefined) throw new Error(`company ${logged.company_id} vanished while awarding points`);
  await tx.query('UPDATE points_log SET balance_after = $2 WHERE id = $1', [logged.id, company.points]);
}

export interface PointsLogRow {
  id: number;
  type: number;
  change: number;
  balance_after: number;
  order_id: number | null;
  points_order_id: number | null;
  remark: string;
  created_at: Date | string;
}

export interface LogFilter {
  type?: number | undefined;
  /** YYYY-MM-DD, China time. */
  start_time?: string | undefined;
  end_time?: string | undefined;
}

/**
 * WALLET-03 (and PAY-04): the WHERE clause of a ledger filtered by type and by China-time days, both ends included.
 * `owner` is the already-bound first parameter ($1); the clause's parameters follow it.
 */
export function ledgerWhere(ownerColumn: string, typeColumn: string, filter: LogFilter, owner: number) {
  const params: (string | number)[] = [owner];
  let where = `${ownerColumn} = $1`;
  if (filter.type !== undefined) {
    params.push(filter.type);
    where += ` AND ${typeColumn} = $${params.length}`;
  }
  if (filter.start_time !== undefined) {
    params.push(filter.start_time);
    where += ` AND created_at >= ($${params.length}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
  }
  if (filter.end_time !== undefined) {
    params.push(filter.end_time);
    where += ` AND created_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
  }
  return { where, params };
}

export interface LedgerPage<R> {
  rows: R[];
  total: number;
  totalIn: number;
  totalOut: number;
}

/**
 * A page of a ledger under `where` (of ledgerWhere), newest first by the time of the movement so that each balance
 * follows from the one below it (WALLET-08), with the row count and what came in and went out over the whole filter.
 */
export async function ledgerPage<R>(
  q: Queryable,
  ledger: { table: 'money_log' | 'points_log'; columns: string; amount: 'amount' | 'change' },
  { where, params }: { where: string; params: (string | number)[] },
  limit: number,
  offset: number,
): Promise<LedgerPage<R>> {
  const { table, columns, amount } = ledger;
  const [rows, [sums]] = await Promise.all([
    q.query<R>(
      `SELECT ${columns} FROM ${table} WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number; total_in: number; total_out: number }>(
      `SELECT count(*)::int AS n,
         COALESCE(sum(${amount}) FILTER (WHERE ${amount} > 0), 0)::int AS total_in,
         COALESCE(-sum(${amount}) FILTER (WHERE ${amount} < 0), 0)::int AS total_out
       FROM ${table} WHERE ${where}`,
      params,
    ),
  ]);
  return { rows, total: sums?.n ?? 0, totalIn: sums?.total_in ?? 0, totalOut: sums?.total_out ?? 0 };
}

/** The company's points now; 0 for an unknown user. */
export async function pointsOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ points: number }>(
    'SELECT c.points FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
    [userId],
  );
  return row?.points ?? 0;
}

/** A page of the company's points movements (WALLET-08), with the points in and out over the whole filter. */
export async function pointsLogPage(
  q: Queryable,
  userId: number,
  filter: LogFilter,
  limit: number,
  offset: number,
): Promise<LedgerPage<PointsLogRow>> {
  const [company] = await q.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [userId]);
  if (company === undefined) return { rows: [], total: 0, totalIn: 0, totalOut: 0 };
  return ledgerPage<PointsLogRow>(
    q,
    {
      table: 'points_log',
      columns: 'id, type, change, balance_after, order_id, points_order_id, remark, created_at',
      amount: 'change',
    },
    ledgerWhere('company_id', 'type', filter, company.company_id),
    limit,
    offset,
  );
}
