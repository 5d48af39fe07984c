/**
 * What the pay page shows for an order (PAY-05..PAY-11), decided apart from the components so the states can be
 * tested: waiting for the platform to confirm a transfer, or choosing a method (after a rejected slip, with its
 * reason), and what the chosen method's button does.
 */
import { creditOverdueText, creditOverLineText } from '@pharma/domain/credit';
import type { BankTransferStatus, PaymentMethodCode } from '../../gql/graphql';

export interface PayOrderState {
  status: string;
  transfer: { status: BankTransferStatus; rejectReason?: string | null } | null;
}

export interface PayMethodState {
  code: PaymentMethodCode;
  name: string;
  enabled: boolean;
}

export type PayView =
  /** PAY-06: a slip was sent and waits (待确认): no other payment until the platform decides. */
  | { kind: 'transfer-waiting' }
  /** Choosing how to pay; `rejected` is the platform's reason when the last slip was not accepted. */
  | { kind: 'choose'; rejected: string | null }
  /** Nothing to pay: the order is paid, cancelled or further on. */
  | { kind: 'settled' };

export function payView(order: PayOrderState): PayView {
  if (order.status !== 'UNPAID') return { kind: 'settled' };
  if (order.transfer?.status === 'PENDING') return { kind: 'transfer-waiting' };
  return {
    kind: 'choose',
    rejected: order.transfer?.status === 'REJECTED' ? (order.transfer.rejectReason ?? '转账凭证未通过确认') : null,
  };
}

/** What confirming a method does: pay from the balance, send a transfer slip, or start an online payment. */
export type PayAction = 'balance' | 'transfer' | 'online';

export function payActionOf(method: PaymentMethodCode): PayAction {
  // CREDIT-03: the credit line pays at once, after the payment password, as the balance does.
  if (method === 'BALANCE' || method === 'CREDIT') return 'balance';
  if (method === 'TRANSFER') return 'transfer';
  return 'online';
}

/** The radio's label: the balance with what is available, a closed method with why (PAY-02: 暂未开通). */
export function methodLabel(method: PayMethodState, balanceText: string, creditText = ''): string {
  if (method.code === 'BALANCE') return `${method.name}（可用余额 ${balanceText}）`;
  if (method.code === 'CREDIT' && creditText !== '') return `${method.name}（可用额度 ${creditText}）`;
  return method.enabled ? method.name : `${method.name}（暂未开通）`;
}

/**
 * The method chosen when the page opens: the first open one (the balance, listed first), so a buyer who pays from
 * the wallet, as most do, confirms at once; a balance too low for the amount is said beside it.
 */
export function initialMethod(methods: readonly PayMethodState[]): PaymentMethodCode | null {
  return methods.find((m) => m.enabled)?.code ?? null;
}

/** The pay button's words for each action. */
export function payButtonText(action: PayAction, busy: boolean): string {
  if (busy) return action === 'transfer' ? '正在提交…' : '正在支付…';
  if (action === 'transfer') return '提交转账凭证';
  if (action === 'online') return '去支付';
  return '确认支付';
}

/** Whether a method asks for the payment password: the balance (PAY-14) and the credit line (CREDIT-03). */
export const needsPayPassword = (method: PaymentMethodCode | null) => method === 'BALANCE' || method === 'CREDIT';

/**
 * CREDIT-04, CREDIT-05: why 账期支付 cannot pay this order, in the upstream's words (what is overdue to repay first,
 * or what is available), or null when it can.
 */
export function creditBlock(
  credit: { available: { fen: number }; overdue: { fen: number } } | null | undefined,
  payable: number,
): string | null {
  if (!credit) return null;
  if (credit.overdue.fen > 0) return creditOverdueText(credit.overdue.fen);
  return payable > credit.available.fen ? creditOverLineText(credit.available.fen) : null;
}
