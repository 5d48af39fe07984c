/**
 * What the pay page shows for an order (PAY-05..PAY-11), decided apart from the components so the states can be
 * tested: waiting for the platform to confirm a transfer, or choosing a method (after a rejected slip, with its
 * reason), and what the chosen method's button does.
 */
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
  if (method === 'BALANCE') return 'balance';
  if (method === 'TRANSFER') return 'transfer';
  return 'online';
}

/** The radio's label: the balance with what is available, a closed method with why (PAY-02: 暂未开通). */
export function methodLabel(method: PayMethodState, balanceText: string): string {
  if (method.code === 'BALANCE') return `${method.name}（可用余额 ${balanceText}）`;
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
