import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { afterSalesPath } from '../../shared/after-sale-paths';
import { orderNextPath } from '../../shared/cart-steps';
import { orderActionsOf, type OrderAction, type OrderActionFacts } from './order-action-set';
import type { useOrderActions } from './order-actions';

type Order = OrderActionFacts & { id: string; orderSn: string; needsReceipt: boolean; receiptDone: boolean };

interface ActionButton {
  label: string;
  /** The accessible name where the words alone do not say which order. */
  name?: string;
  primary?: boolean;
  /** Disabled while another action of the page is on its way (a dialog's answer). */
  waits?: boolean;
  onClick: () => void;
}

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
  const toPay = () => void navigate(orderNextPath(order));
  const buttonOf = (action: OrderAction): ActionButton => {
    switch (action) {
      case 'viewTransfer':
        // 待确认: the slip waits for the platform; the order can be neither paid again nor cancelled.
        return { label: '查看转账', onClick: toPay };
      case 'cancel':
        return { label: '取消订单', name: named('取消订单'), waits: true, onClick: () => actions.askCancel(order) };
      case 'pay':
        return { label: '去支付', name: named('去支付'), primary: true, onClick: toPay };
      case 'receive':
        return {
          label: '确认收货',
          name: named('确认收货'),
          primary: true,
          waits: true,
          onClick: () => actions.askReceive(order),
        };
      case 'applyReturn':
      case 'viewReturns':
        return {
          label: action === 'applyReturn' ? '申请售后' : '查看售后',
          name: named('申请售后'),
          onClick: () => void navigate(afterSalesPath(order.id)),
        };
      case 'rebuy':
        return { label: '再次购买', name: named('再次购买'), waits: true, onClick: () => actions.buyAgain(order) };
    }
  };
  return (
    <>
      {orderActionsOf(order, place).map((action) => {
        const button = buttonOf(action);
        return (
          <Button
            key={action}
            size={small}
            appearance={button.primary ? 'primary' : undefined}
            disabled={button.waits ? actions.busy : undefined}
            aria-label={button.name}
            onClick={button.onClick}
          >
            {button.label}
          </Button>
        );
      })}
    </>
  );
}
