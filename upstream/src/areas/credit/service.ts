/**
 * Credit terms (账期, CREDIT-01..CREDIT-08): the operator's line per company, paying an order on credit, repayments by
 * bank transfer that an operator confirms once, refunds that give the line back, and the monthly statement. What is
 * owed is worked out by @pharma/domain/credit alone. Rules and transactions over ./store; no HTTP here.
 */
import { addDays, chinaDay } from '@pharma/domain/china-day';
import { Refusal } from '@pharma/domain/codes';
import { creditOverdueText, creditOverLineText, creditStanding } from '@pharma/domain/credit';
import { formatFen } from '@pharma/domain/money';
import type { BankAccount } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import { postMessage } from '../messages/store';
import { renderStatementPdf } from '../order-export/statement-pdf';
import { workbook, XLSX_TYPE, type Cell, type Column, type Table } from '../order-export/sheets';
import { statementParty } from '../order-export/store';
import * as store from './store';

export const noLine = () => new ApiError(400, Refusal.CREDIT_NO_LINE, '贵公司尚未开通账期，请选择其他支付方式');
export const repaymentNotFound = () => notFound('还款记录不存在');
const decided = () => new ApiError(400, Refusal.CREDIT_REPAYMENT_DECIDED, '该还款已处理，不能重复操作');

export const REPAYMENT_STATUS_TEXT: Record<store.RepaymentStatus, string> = {
  pending: '待确认',
  confirmed: '已到账',
  rejected: '未通过',
};

/** The charges shown on the account page and the pay screen's figures: the latest first. */
const LIST_SIZE = 50;

async function standingOf(q: Queryable, line: store.LineRow, today = chinaDay()) {
  const [charges, repaid] = await Promise.all([
    store.chargesOf(q, line.company_id),
    store.repaidOf(q, line.company_id),
  ]);
  return { charges, standing: creditStanding(line.limit_amount, store.asCharges(charges), repaid, today) };
}

const figures = (line: store.LineRow, s: ReturnType<typeof creditStanding>) => ({
  limit: line.limit_amount,
  term_days: line.term_days,
  used: s.used,
  available: s.available,
  overdue: s.overdue,
  overdue_since: s.overdueSince,
  next_due_date: s.nextDueDate,
  next_due_amount: s.nextDueAmount,
});

export type CreditFigures = ReturnType<typeof figures>;

function repaymentDto(row: store.RepaymentRow) {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    status_text: REPAYMENT_STATUS_TEXT[row.status],
    payer_name: row.payer_name,
    remark: row.remark,
    reject_reason: row.reject_reason,
    created_at: iso(row.created_at),
    decided_at: row.decided_at === null ? null : iso(row.decided_at),
  };
}

/** CREDIT-02: the line's figures for the pay screen, or null when the company has none. */
export async function figuresFor(q: Queryable, userId: number): Promise<CreditFigures | null> {
  const line = await store.lineOf(q, await store.companyOf(q, userId));
  if (line === undefined) return null;
  return figures(line, (await standingOf(q, line)).standing);
}

/**
 * CREDIT-02: the account page: the line, used, available, overdue and the next due date, the latest credit orders
 * with what is still to repay of each, the latest repayments, and the account to transfer repayments to. Only the
 * signed-in account's company is ever read.
 */
export async function account(db: Db, bankAccount: BankAccount, userId: number) {
  const companyId = await store.companyOf(db, userId);
  const line = await store.lineOf(db, companyId);
  if (line === undefined) return { line: null, charges: [], repayments: [], bank_account: bankAccount };
  const [{ charges, standing }, repayments] = await Promise.all([
    standingOf(db, line),
    store.repaymentsOf(db, companyId, LIST_SIZE),
  ]);
  return {
    line: figures(line, standing),
    charges: charges
      .slice(-LIST_SIZE)
      .reverse()
      .map((c) => ({
        id: c.id,
        order_id: c.order_id,
        order_sn: c.order_sn,
        amount: c.amount,
        refunded: c.refunded,
        outstanding: standing.outstanding.get(c.id) ?? 0,
        due_date: c.due_date,
        created_at: iso(c.created_at),
      })),
    repayments: repayments.map(repaymentDto),
    bank_account: bankAccount,
  };
}

/**
 * CREDIT-03..CREDIT-05: pays a locked, payable order on credit inside the caller's transaction. Under the line's row
 * lock: an overdue amount refuses it (40191, naming the amount), more than is available refuses it (40190); else the
 * charge is written, due term_days after today (China time), and the order is marked paid.
 */
export async function chargeOrder(
  tx: Queryable,
  userId: number,
  order: { id: number; order_sn: string; pay_amount: number },
): Promise<void> {
  const line = await store.lockLine(tx, await store.companyOf(tx, userId));
  if (line === undefined) throw noLine();
  const today = chinaDay();
  const { standing } = await standingOf(tx, line, today);
  if (standing.overdue > 0) throw new ApiError(400, Refusal.CREDIT_OVERDUE, creditOverdueText(standing.overdue));
  if (order.pay_amount > standing.available) {
    throw new ApiError(400, Refusal.CREDIT_OVER_LINE, creditOverLineText(standing.available));
  }
  if (order.pay_amount > 0) {
    await store.insertCharge(tx, {
      company_id: line.company_id,
      order_id: order.id,
      user_id: userId,
      amount: order.pay_amount,
      due_date: addDays(today, line.term_days),
    });
  }
  await tx.query("UPDATE orders SET status = 1, pay_method = 'credit', paid_at = now() WHERE id = $1 AND status = 0", [
    order.id,
  ]);
}

/** CREDIT-01: the operator grants or changes a company's line; 404 for an unknown company. */
export async function grantLine(db: Db, companyId: number, limit: number, termDays: number) {
  return db.transaction(async (tx) => {
    const line = await store.upsertLine(tx, companyId, limit, termDays);
    if (line === undefined) throw notFound('公司不存在');
    return { company_id: companyId, ...figures(line, (await standingOf(tx, line)).standing) };
  });
}

export interface RepaymentInput {
  amount: number;
  payer_name: string;
  remark: string;
}

/**
 * CREDIT-06: the buyer says a repayment was sent by bank transfer; it waits for the operator. Refused without a line
 * (40192), and for more than is owed (422 on amount).
 */
export async function reportRepayment(db: Db, userId: number, input: RepaymentInput) {
  return db.transaction(async (tx) => {
    const line = await store.lockLine(tx, await store.companyOf(tx, userId));
    if (line === undefined) throw noLine();
    const { standing } = await standingOf(tx, line);
    if (input.amount > standing.used) {
      throw formError({
        amount: [standing.used === 0 ? '当前没有待还款项' : `还款金额不能超过待还金额 ¥${formatFen(standing.used)}`],
      });
    }
    const row = await store.insertRepayment(tx, { company_id: line.company_id, user_id: userId, ...input });
    return repaymentDto(row);
  });
}

/** Locks the line of a repayment's company, then decides the repayment once (CREDIT-06). */
async function decide(db: Db, id: number, status: 'confirmed' | 'rejected', reason: string | null) {
  return db.transaction(async (tx) => {
    const companyId = await store.repaymentCompany(tx, id);
    if (companyId === undefined) throw repaymentNotFound();
    await store.lockLine(tx, companyId);
    const row = await store.decideRepayment(tx, id, status, reason);
    if (row === undefined) throw decided();
    await postMessage(tx, row.user_id, {
      kind: 'order',
      title: status === 'confirmed' ? '账期还款已到账' : '账期还款未通过确认',
      body:
        status === 'confirmed'
          ? `您的账期还款 ¥${formatFen(row.amount)} 已到账确认，已恢复相应账期额度。`
          : `您的账期还款 ¥${formatFen(row.amount)} 未通过确认：${reason ?? ''}。请核对转账后重新提交。`,
      link: '/wdqb/zq',
    });
    return { ...repaymentDto(row), company_id: row.company_id };
  });
}

/** CREDIT-06: the operator confirms the money arrived; exactly one of concurrent confirmations counts. */
export const confirmRepayment = (db: Db, id: number) => decide(db, id, 'confirmed', null);
/** CREDIT-06: the operator did not find the money; the reason goes to the buyer. */
export const rejectRepayment = (db: Db, id: number, reason: string) => decide(db, id, 'rejected', reason);

export async function listRepayments(db: Db, status: store.RepaymentStatus) {
  return (await store.repaymentsByStatus(db, status, 200)).map((row) => ({
    ...repaymentDto(row),
    company_id: row.company_id,
    user_id: row.user_id,
  }));
}

/**
 * CREDIT-07: a refund of an order paid on credit gives the line back, as far as the order's charge is still owed;
 * answers the part given back to the line (0 for an order not paid on credit), the rest goes to the balance.
 */
export async function refundToLine(tx: Queryable, orderId: number, returnId: number, amount: number): Promise<number> {
  const charge = await store.chargeOfOrder(tx, orderId);
  if (charge === undefined) return 0;
  const line = await store.lockLine(tx, charge.company_id);
  if (line === undefined) return 0;
  const { standing } = await standingOf(tx, line);
  const part = Math.min(amount, charge.amount - charge.refunded, standing.used);
  if (part <= 0) return 0;
  await store.insertRefund(tx, {
    company_id: charge.company_id,
    charge_id: charge.id,
    return_id: returnId,
    amount: part,
  });
  return part;
}

const STATEMENT_COLUMNS: readonly Column[] = [
  { head: '序号', width: 5 },
  { head: '日期', width: 11 },
  { head: '摘要', width: 9 },
  { head: '单号', width: 20 },
  { head: '到期日', width: 11 },
  { head: '账期支付', money: true, width: 11 },
  { head: '还款/退款', money: true, width: 11 },
  { head: '欠款余额', money: true, width: 12 },
];

const KIND_TEXT: Record<store.StatementEntryRow['kind'], string> = {
  charge: '账期订单',
  refund: '售后退款',
  repayment: '还款',
};

/**
 * CREDIT-08: the month's credit statement (账期对账单): what was owed when it began, each credit order, refund and
 * confirmed repayment of the China-time month with the balance after it, and totals to the fen. A company without a
 * line: 40192; a month with nothing on it and nothing owed: 40150.
 */
export async function creditStatement(db: Db, userId: number, month: string, format: 'pdf' | 'xlsx') {
  const companyId = await store.companyOf(db, userId);
  const line = await store.lineOf(db, companyId);
  if (line === undefined) throw noLine();
  const [{ rows, opening }, party] = await Promise.all([
    store.statementEntries(db, companyId, month),
    statementParty(db, userId),
  ]);
  const [y, m] = month.split('-');
  const monthText = `${y}年${Number(m)}月`;
  if (rows.length === 0 && opening === 0) {
    throw new ApiError(400, Refusal.EXPORT_EMPTY, `${monthText}没有账期往来，无需对账`);
  }
  let owed = opening;
  const cells: Cell[][] = rows.map((r, i) => {
    const charge = r.kind === 'charge';
    owed += charge ? r.amount : -r.amount;
    return [
      i + 1,
      r.day,
      KIND_TEXT[r.kind],
      r.ref,
      r.due_date ?? '',
      charge ? r.amount : '',
      charge ? '' : r.amount,
      owed,
    ];
  });
  const sum = (i: number) => cells.reduce((total, row) => total + (typeof row[i] === 'number' ? Number(row[i]) : 0), 0);
  const table: Table = {
    name: '账期对账单',
    title: [
      `账期对账单（${monthText}）`,
      `采购单位：${party.company}${party.store ? `（${party.store}）` : ''}`,
      `授信额度：¥${formatFen(line.limit_amount)}，账期：${line.term_days}天，期初欠款：¥${formatFen(opening)}`,
    ],
    columns: STATEMENT_COLUMNS,
    rows: cells,
    total: ['合计', '', '', `${rows.length}笔`, '', sum(5), sum(6), owed],
  };
  const name = `账期对账单-${monthText}`;
  if (format === 'xlsx') {
    return { name: `${name}.xlsx`, type: XLSX_TYPE, bytes: await workbook([table], '药采网') };
  }
  return {
    name: `${name}.pdf`,
    type: 'application/pdf',
    bytes: await renderStatementPdf(
      table,
      '金额单位：元。欠款余额 = 期初欠款 + 账期支付 − 还款 − 售后退款；还款以平台确认到账为准，按北京时间计。',
    ),
  };
}
