import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../gql/graphql';
import { orderActionsOf } from './order-action-set';

const order = (status: OrderStatus, more: Partial<Parameters<typeof orderActionsOf>[0]> = {}) => ({
  status,
  transfer: null,
  canApplyReturn: false,
  returnCount: 0,
  ...more,
});

describe('an order’s actions (AFTER-02, QUICK-09)', () => {
  it('QUICK-09: every placed order can be bought again, unpaid, awaiting a transfer and cancelled ones included', () => {
    const statuses: OrderStatus[] = ['UNPAID', 'PAID', 'SHIPPED', 'DONE', 'CANCELLED'];
    for (const status of statuses) {
      expect(orderActionsOf(order(status), 'list'), status).toContain('rebuy');
      expect(orderActionsOf(order(status), 'detail'), status).toContain('rebuy');
    }
    expect(orderActionsOf(order('UNPAID', { transfer: { status: 'PENDING' } }), 'list')).toEqual([
      'viewTransfer',
      'rebuy',
    ]);
  });

  it('AFTER-02: unpaid pays or cancels, shipped confirms receipt, after-sales where open', () => {
    expect(orderActionsOf(order('UNPAID'), 'list')).toEqual(['cancel', 'pay', 'rebuy']);
    expect(orderActionsOf(order('SHIPPED', { canApplyReturn: true }), 'list')).toEqual([
      'receive',
      'applyReturn',
      'rebuy',
    ]);
    expect(orderActionsOf(order('DONE', { returnCount: 1 }), 'list')).toEqual(['rebuy']);
    expect(orderActionsOf(order('DONE', { returnCount: 1 }), 'detail')).toEqual(['viewReturns', 'rebuy']);
  });
});
