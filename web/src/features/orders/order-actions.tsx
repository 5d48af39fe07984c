import { useMutation } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { graphql } from '../../gql';
import { alertDialog, toast } from '../../shared/notify';
import { RebuyDialog } from './RebuyDialog';

/** The order fields a change answers, so the list and the detail in the cache show the order as it now is. */
export const OrderChangeFragment = graphql(`
  fragment OrderChange_order on Order {
    id
    status
    statusText
    canApplyReturn
    receivedAt
    cancelledAt
    events {
      kind
      title
      note
      at
    }
  }
`);

export const CancelOrderMutation = graphql(`
  mutation CancelOrder($orderId: ID!) {
    cancelOrder(orderId: $orderId) {
      order {
        ...OrderChange_order
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
  }
`);

export const ReceiveOrderMutation = graphql(`
  mutation ReceiveOrder($orderId: ID!) {
    receiveOrder(orderId: $orderId) {
      order {
        ...OrderChange_order
      }
      userErrors {
        ...UserErrors_orderError
      }
    }
  }
`);

export const BuyOrderAgainMutation = graphql(`
  mutation BuyOrderAgain($orderId: ID!) {
    buyOrderAgain(orderId: $orderId) {
      added
      addedLines {
        goodsId
        name
        number
      }
      failed {
        goodsId
        name
        reason
      }
      cart {
        id
        count
      }
    }
  }
`);

/** The list and the tab counts read again after a change, so the order moves to its new tab. */
const REFRESH = ['OrderList', 'OrderCounts'];

interface OrderRef {
  id: string;
  orderSn: string;
}

type Asking = { kind: 'cancel' | 'receive'; order: OrderRef } | null;

/**
 * The changes a buyer makes to an order from the list or the detail (AFTER-02): cancel and confirm receipt after a
 * confirmation dialog; buy again after the dialog of what changed since the order (QUICK-05). Answers the actions
 * and the dialogs to render.
 */
export function useOrderActions(): {
  askCancel: (order: OrderRef) => void;
  askReceive: (order: OrderRef) => void;
  buyAgain: (order: OrderRef) => void;
  busy: boolean;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking>(null);
  const [rebuying, setRebuying] = useState<OrderRef | null>(null);
  const [cancel, cancelling] = useMutation(CancelOrderMutation, { refetchQueries: REFRESH });
  const [receive, receiving] = useMutation(ReceiveOrderMutation, { refetchQueries: REFRESH });
  const [again, buying] = useMutation(BuyOrderAgainMutation);

  const confirmed = async () => {
    const current = asking;
    setAsking(null);
    if (current === null) return;
    const variables = { orderId: current.order.id };
    try {
      if (current.kind === 'cancel') {
        const errors = (await cancel({ variables })).data?.cancelOrder.userErrors ?? [];
        if (errors[0]) alertDialog(errors[0].message);
        else toast('订单已取消', 'success');
      } else {
        const errors = (await receive({ variables })).data?.receiveOrder.userErrors ?? [];
        if (errors[0]) alertDialog(errors[0].message);
        else toast('已确认收货，订单已完成', 'success');
      }
    } catch {
      // The error link has shown what went wrong.
    }
  };

  // QUICK-08: after the buyer confirms, what went to the cart (goods and how many) and what did not and why.
  const confirmRebuy = async () => {
    const order = rebuying;
    if (order === null) return;
    try {
      const result = (await again({ variables: { orderId: order.id } })).data?.buyOrderAgain;
      setRebuying(null);
      if (!result) return;
      const added = result.addedLines.map((l) => `${l.name} × ${l.number}`).join('、');
      const failed = result.failed.map((f) => `${f.name}：${f.reason}`).join('；');
      if (result.added === 0) alertDialog(`商品均未能加入购物车。${failed}`);
      else if (failed) alertDialog(`已加入购物车：${added}。未能加入：${failed}`);
      else toast(`已加入购物车：${added}`, 'success', { label: '去购物车', to: '/cart' });
    } catch {
      // The error link has shown what went wrong; the dialog stays for another try.
    }
  };

  const dialog = (
    <>
      <RebuyDialog
        order={rebuying}
        busy={buying.loading}
        onConfirm={() => void confirmRebuy()}
        onClose={() => setRebuying(null)}
      />
      <ConfirmDialog
        open={asking !== null}
        onConfirm={() => void confirmed()}
        confirmLabel={asking?.kind === 'receive' ? '确认收货' : '取消订单'}
        cancelLabel="再想想"
        onClose={() => setAsking(null)}
      >
        {asking?.kind === 'receive'
          ? `请确认已收到订单 ${asking.order.orderSn} 的全部商品，确认后订单完成。`
          : '确定要取消该订单吗？取消后商品库存和优惠券将退回。'}
      </ConfirmDialog>
    </>
  );

  return {
    askCancel: (order) => setAsking({ kind: 'cancel', order }),
    askReceive: (order) => setAsking({ kind: 'receive', order }),
    buyAgain: (order) => setRebuying(order),
    busy: cancelling.loading || receiving.loading || buying.loading,
    dialog,
  };
}
