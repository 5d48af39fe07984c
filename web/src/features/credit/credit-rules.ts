/**
 * The credit page's rules on the screen (CREDIT-06, CREDIT-08): a repayment typed in yuan and sent in fen, never above
 * what is owed; the statement's month and its address, which the gateway relays with the buyer's session.
 */
import { chinaDay } from '@pharma/domain/china-day';
import { fenToAmount } from '../../shared/money';
import type { FieldRules } from '../../shared/form/rules';

export type CreditStatementFormat = 'pdf' | 'xlsx';

/** What the repayment form holds: all text, as the form layer's fields are. */
export interface RepaymentForm {
  amount: string;
  payerName: string;
  remark: string;
}

export const REPAYMENT_FIELDS = ['amount', 'payerName', 'remark'] as const;

/** Yuan with at most two decimals ("1234.5") as integer fen, read digit by digit; undefined for anything else. */
export function yuanToFen(text: string): number | undefined {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** CREDIT-06: the form's rules; `owed` is what the line says is used, in fen. */
export function repaymentRules(owed: number): FieldRules<RepaymentForm> {
  return {
    amount: (value) => {
      const fen = yuanToFen(value);
      if (fen === undefined || fen < 1) return '请输入正确的还款金额，最多两位小数';
      if (owed === 0) return '当前没有待还款项';
      return fen > owed ? `还款金额不能超过待还金额 ¥${fenToAmount(owed)}` : undefined;
    },
    payerName: (value) => (value.trim().length > 50 ? '付款户名最多50个字' : undefined),
    remark: (value) => (value.trim().length > 200 ? '备注最多200个字' : undefined),
  };
}

/** CREDIT-08: the gateway's address of a month's credit statement, `/credit/statement-2026-11.pdf`. */
export const creditStatementHref = (month: string, format: CreditStatementFormat) =>
  `/credit/statement-${month}.${format}`;

/** The month a statement is asked for by default: this one (China time), where the newest credit orders are. */
export const thisMonth = (now: Date) => chinaDay(now).slice(0, 7);

/** CREDIT-08: a month the upstream takes (YYYY-MM, not after this one), or the words why not. */
export function creditMonthProblem(month: string, now: Date): string | undefined {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '请选择月份';
  if (month < '2000-01') return '月份不能早于2000-01';
  return month > thisMonth(now) ? '不能选择未来的月份' : undefined;
}
