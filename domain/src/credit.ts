/**
 * Credit terms (账期): the one place where what a company owes on its credit line is worked out (CREDIT-02, CREDIT-05).
 * Money in integer fen; dates as YYYY-MM-DD in China time.
 */
import { formatFen } from './money';

/** An order paid on credit: what it charged, what refunds gave back (CREDIT-07), and when it falls due. */
export interface CreditCharge {
  id: number;
  amount: number;
  refunded: number;
  /** YYYY-MM-DD */
  dueDate: string;
}

/** What the line stands at, and each charge's part still to repay. */
export interface CreditStanding {
  limit: number;
  /** CREDIT-02: charges − refunds − confirmed repayments, never below zero. */
  used: number;
  /** CREDIT-02: what a new credit order may still take: the limit less what is used, never below zero. */
  available: number;
  /** CREDIT-05: what is past its due date and not repaid. */
  overdue: number;
  /** The earliest due date of what is overdue; null when nothing is. */
  overdueSince: string | null;
  /** CREDIT-02: the earliest due date today or later with something to repay; null when none. */
  nextDueDate: string | null;
  /** What falls due on nextDueDate; 0 when none. */
  nextDueAmount: number;
  /** Each charge's id and what of it is still to repay. */
  outstanding: ReadonlyMap<number, number>;
}

/**
 * CREDIT-02, CREDIT-05: repayments pay the charges in the order they fall due (the earliest first, then the oldest),
 * so a charge is repaid only when all before it are. A charge falls overdue the day after its due date.
 */
export function creditStanding(
  limit: number,
  charges: readonly CreditCharge[],
  repaid: number,
  today: string,
): CreditStanding {
  const ordered = [...charges].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  let left = repaid;
  let owed = 0;
  let overdue = 0;
  let overdueSince: string | null = null;
  let nextDueDate: string | null = null;
  let nextDueAmount = 0;
  const outstanding = new Map<number, number>();
  for (const charge of ordered) {
    const net = Math.max(charge.amount - charge.refunded, 0);
    const covered = Math.min(net, left);
    left -= covered;
    const rest = net - covered;
    outstanding.set(charge.id, rest);
    owed += rest;
    if (rest === 0) continue;
    if (charge.dueDate < today) {
      overdue += rest;
      overdueSince ??= charge.dueDate;
    } else if (nextDueDate === null || charge.dueDate === nextDueDate) {
      nextDueDate = charge.dueDate;
      nextDueAmount += rest;
    }
  }
  return {
    limit,
    used: owed,
    available: Math.max(limit - owed, 0),
    overdue,
    overdueSince,
    nextDueDate,
    nextDueAmount,
    outstanding,
  };
}

/** CREDIT-05: the refusal's words when an overdue amount blocks a new credit order. */
export const creditOverdueText = (overdue: number) =>
  `账期已逾期，请先还清逾期欠款 ¥${formatFen(overdue)} 后再使用账期支付`;

/** CREDIT-04: the refusal's words when the order is more than the line has available. */
export const creditOverLineText = (available: number) =>
  `账期可用额度不足（可用 ¥${formatFen(available)}），请选择其他支付方式`;
