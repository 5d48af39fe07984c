import type { CreditRepaymentStatus, Resolvers } from '../../generated/resolvers';
import { toDateTime, toOptionalDateTime } from '../../dates';
import { badUserInput, fromUpstreamCode, withSchemaFieldNames } from '../../errors';
import { fetchCreditAccount, postRepayment } from './rest';

const REPAYMENT_STATUSES: Record<string, CreditRepaymentStatus> = {
  pending: 'PENDING',
  confirmed: 'CONFIRMED',
  rejected: 'REJECTED',
};

/** The upstream's form field names as this schema's input names, for 422 answers. */
const FIELD_NAMES: Record<string, string> = { amount: 'amountFen', payer_name: 'payerName', remark: 'remark' };

export const creditResolvers: Resolvers = {
  User: {
    credit: (_user, _args, { upstream }) => fetchCreditAccount(upstream),
  },
  Payment: {
    // CREDIT-03: the line for 账期支付, as the pay screen's upstream answer carries it.
    credit: (payment) => payment.credit ?? null,
  },
  Mutation: {
    reportCreditRepayment: async (_parent, { input }, { upstream }) => {
      const payerName = input.payerName?.trim() ?? '';
      const remark = input.remark?.trim() ?? '';
      if (!Number.isInteger(input.amountFen) || input.amountFen < 1) {
        throw badUserInput({ amountFen: ['请输入正确的还款金额'] });
      }
      if (payerName.length > 50) throw badUserInput({ payerName: ['付款户名最多50个字'] });
      if (remark.length > 200) throw badUserInput({ remark: ['备注最多200个字'] });
      try {
        const repayment = await postRepayment(upstream, { amount: input.amountFen, payer_name: payerName, remark });
        return { repayment, account: await fetchCreditAccount(upstream) };
      } catch (error) {
        throw withSchemaFieldNames(FIELD_NAMES, error);
      }
    },
  },
  CreditAccount: {
    line: (account) => account.line ?? null,
    bankAccount: (account) => account.bank_account,
  },
  CreditLine: {
    termDays: (line) => line.term_days,
    overdueSince: (line) => line.overdue_since ?? null,
    nextDueDate: (line) => line.next_due_date ?? null,
    nextDueAmount: (line) => line.next_due_amount,
  },
  CreditCharge: {
    id: (charge) => String(charge.id),
    orderId: (charge) => String(charge.order_id),
    orderSn: (charge) => charge.order_sn,
    dueDate: (charge) => charge.due_date,
    createdAt: (charge) => toDateTime(charge.created_at),
  },
  CreditRepayment: {
    id: (repayment) => String(repayment.id),
    status: (repayment) => fromUpstreamCode(REPAYMENT_STATUSES, repayment.status),
    statusText: (repayment) => repayment.status_text,
    payerName: (repayment) => repayment.payer_name || null,
    remark: (repayment) => repayment.remark || null,
    rejectReason: (repayment) => repayment.reject_reason ?? null,
    createdAt: (repayment) => toDateTime(repayment.created_at),
    decidedAt: (repayment) => toOptionalDateTime(repayment.decided_at),
  },
};
