import type { BankTransferStatus, OrderStatus } from '../../gql/graphql';

/** What a buyer can do with an order from the list or its detail page. */
export type OrderAction = 'viewTransfer' | 'cancel' | 'pay' | 'receive' | 'applyReturn' | 'viewReturns' | 'rebuy';

/** The facts of an order the actions depend on. */
export interface OrderActionFacts {
  status: OrderStatus;
  transfer?: { status: BankTransferStatus } | null;
  canApplyReturn: boolean;
  returnCount: number;
}

/**
 * AFTER-02, QUICK-09: the actions an order offers, in the order they are shown. Unpaid: pay or cancel, unless its
 * transfer slip waits for the platform (待确认, which only shows the transfer); shipped: confirm receipt; shipped or
 * done with after-sales open: apply for after-sales (the detail also leads to requests already made); and every
 * placed order, whatever its state, buy again.
 */
export function orderActionsOf(order: OrderActionFacts, place: 'list' | 'detail'): OrderAction[] {
  const actions: OrderAction[] = [];
  if (order.status === 'UNPAID') {
    if (order.transfer?.status === 'PENDING') actions.push('viewTransfer');
    else actions.push('cancel', 'pay');
  }
  if (order.status === 'SHIPPED') actions.push('receive');
  if (order.canApplyReturn) actions.push('applyReturn');
  else if (place === 'detail' && order.returnCount > 0) actions.push('viewReturns');
  actions.push('rebuy');
  return actions;
}
