import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { afterSalesPath } from '../../shared/after-sale-paths';
import { orderNextPath } from '../../shared/cart-steps';
import { orderActionsOf, type OrderAction, type OrderActionFacts } from './order-action-set';
import type { useOrderActions } from './order-actions';

type Order = OrderActionFacts & { id: string; orderSn: string; needsReceipt: boolean; receiptDone: boolean };

/**
 * The buttons of an order's actions (AFTER-02, QUICK-09), for the list (small, each naming its order for a screen
 * reader among many) or the detail page. The dialogs they open are `actions.dialog`, rendered once by the page.
 */
export function OrderActionButtons({
  order,
  actions,
  place,
}: {
  order: Order;
  actions: ReturnType<typeof useOrderActions>;
  place: 'list' | 'detail';
}) {
  const navigate = useNavigate();
  const small = place === 'list' ? ('small' as const) : undefined;
  // On the list every order has the same buttons, so each names its order; the detail has only one.
  const named = (label: string) => (place === 'list' ? `${label} ${order.orderSn}` : undefined);
  const button = (action: OrderAction) => {
    switch (action) {
      case 'viewTransfer':
        // 待确认: the slip waits for the platform; the order can be neither paid again nor cancelled.
        return (
          <Button key={action} size={small} onClick={() => void navigate(orderNextPath(order))}>
            查看转账
          </Button>
        );
      case 'cancel':
        return (
          <Button
            key={action}
            size={small}
            disabled={actions.busy}
            aria-label={named('取消订单')}
            onClick={() => actions.askCancel(order)}
          >
            取消订单
          </Button>
        );
      case 'pay':
        return (
          <Button
            key={action}
            size={small}
            appearance="primary"
            aria-label={named('去支付')}
            onClick={() => void navigate(orderNextPath(order))}
          >
            去支付
          </Button>
        );
      case 'receive':
        return (
          <Button
            key={action}
            size={small}
            appearance="primary"
            disabled={actions.busy}
            aria-label={named('确认收货')}
            onClick={() => actions.askReceive(order)}
          >
            确认收货
          </Button>
        );
      case 'applyReturn':
      case 'viewReturns':
        return (
          <Button
            key={action}
            size={small}
            aria-label={named('申请售后')}
            onClick={() => void navigate(afterSalesPath(order.id))}
          >
            {action === 'applyReturn' ? '申请售后' : '查看售后'}
          </Button>
        );
      case 'rebuy':
        return (
          <Button
            key={action}
            size={small}
            disabled={actions.busy}
            aria-label={named('再次购买')}
            onClick={() => actions.buyAgain(order)}
          >
            再次购买
          </Button>
        );
    }
  };
  return <>{orderActionsOf(order, place).map(button)}</>;
}
