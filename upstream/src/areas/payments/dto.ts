/** How a bank transfer reads in the order it belongs to, and how a waiting one refuses other payments (PAY-06). */
import { Refusal } from '@pharma/domain/codes';
import { ApiError, iso } from '../../lib/http';
import type { TransferRow, TransferStatus } from './store';

export const TRANSFER_STATUS_TEXT: Record<TransferStatus, string> = {
  pending: '待确认',
  confirmed: '已确认',
  rejected: '未通过',
};

export function transferDto(row: TransferRow) {
  return {
    id: row.id,
    status: row.status,
    status_text: TRANSFER_STATUS_TEXT[row.status],
    amount: row.amount,
    file_id: row.file_id,
    payer_name: row.payer_name,
    remark: row.remark,
    reject_reason: row.reject_reason,
    created_at: iso(row.created_at),
    decided_at: row.decided_at === null ? null : iso(row.decided_at),
  };
}

export type TransferDto = ReturnType<typeof transferDto>;

/** PAY-06: while a slip waits for the platform, the order is neither paid another way nor cancelled. */
export const transferPending = () => new ApiError(400, Refusal.NOT_UNPAID, '该订单已提交转账凭证，请等待平台确认');
