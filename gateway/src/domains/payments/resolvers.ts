import { Refusal } from '@pharma/domain/codes';
import type { BankTransferStatus, OrderErrorCode, Resolvers } from '../../generated/resolvers';
import { toDateTime, toOptionalDateTime } from '../../dates';
import { badUserInput, fromUpstreamCode, upstreamCodeOf, withSchemaFieldNames } from '../../errors';
import { postTransfer } from './rest';

const TRANSFER_STATUSES: Record<string, BankTransferStatus> = {
  pending: 'PENDING',
  confirmed: 'CONFIRMED',
  rejected: 'REJECTED',
};

/** The refusals of sending a slip that the pay page shows as outcomes (PAY-06), by the upstream's code. */
const TRANSFER_REFUSALS: Partial<Record<number, { code: OrderErrorCode; field: string | null }>> = {
  [Refusal.NOT_UNPAID]: { code: 'NOT_UNPAID', field: 'orderId' },
  [Refusal.RECEIPT_REQUIRED]: { code: 'RECEIPT_REQUIRED', field: null },
};

/** The upstream's form field names as this schema's input names, for 422 answers. */
const FIELD_NAMES: Record<string, string> = { file_id: 'slipFileId', payer_name: 'payerName', remark: 'remark' };

export const paymentResolvers: Resolvers = {
  Mutation: {
    submitTransfer: async (_parent, { input }, context) => {
      const payerName = input.payerName?.trim() ?? '';
      const remark = input.remark?.trim() ?? '';
      if (payerName.length > 50) throw badUserInput({ payerName: ['付款户名最多50个字'] });
      if (remark.length > 200) throw badUserInput({ remark: ['备注最多200个字'] });
      try {
        const order = await postTransfer(context.upstream, input.orderId, {
          file_id: Number(input.slipFileId),
          payer_name: payerName,
          remark,
        });
        context.loaders.order.clear(input.orderId).prime(input.orderId, order);
        return { order, userErrors: [] };
      } catch (error) {
        const code = upstreamCodeOf(error);
        const refusal = code === undefined ? undefined : TRANSFER_REFUSALS[code];
        if (refusal === undefined || !(error instanceof Error)) throw withSchemaFieldNames(FIELD_NAMES, error);
        return { order: null, userErrors: [{ message: error.message, ...refusal }] };
      }
    },
  },
  Order: {
    transfer: (order) => order.transfer ?? null,
  },
  Payment: {
    // PAY-05: the account buyers transfer to, as the upstream is configured.
    bankAccount: (payment) => payment.bank_account,
  },
  BankAccount: {
    accountNumber: (account) => account.account,
  },
  BankTransfer: {
    id: (transfer) => String(transfer.id),
    status: (transfer) => fromUpstreamCode(TRANSFER_STATUSES, transfer.status),
    statusText: (transfer) => transfer.status_text,
    amount: (transfer) => transfer.amount,
    payerName: (transfer) => transfer.payer_name || null,
    remark: (transfer) => transfer.remark || null,
    rejectReason: (transfer) => transfer.reject_reason ?? null,
    createdAt: (transfer) => toDateTime(transfer.created_at),
    decidedAt: (transfer) => toOptionalDateTime(transfer.decided_at),
  },
};
