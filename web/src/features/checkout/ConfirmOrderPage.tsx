import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { OrderAmountList } from '../../components/OrderAmountList';
import { graphql } from '../../gql';
import type { InvoiceType } from '../../gql/graphql';
import { CART_STEPS, lineIdsFromSearch, orderNextPath } from '../../shared/cart-steps';
import { idempotencyKeyFor } from './idempotency';
import { AddressSection, CouponSection, InvoiceSection } from './ChoiceSections';
import { OrderLinesSection } from './OrderLinesSection';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { StepIndicator } from '../../components/StepIndicator';
import { useFreshFetchPolicy } from '../../shared/fresh';
import { orderingLine } from '../../shared/ordering-party';

export const ConfirmOrderQuery = graphql(`
  query ConfirmOrder($cartLineIds: [ID!]!, $couponId: ID, $bestCoupon: Boolean) {
    me {
      id
      username
      company
      storeName
      qualificationAlert {
        blocksOrdering
        message
      }
    }
    orderPreview(cartLineIds: $cartLineIds, couponId: $couponId, bestCoupon: $bestCoupon) {
      needsReceipt
      couponId
      bestCouponId
      lines {
        ...OrderLinesSection_line
      }
      amounts {
        ...OrderAmountList_amounts
      }
      addresses {
        ...AddressFields_address
      }
      coupons {
        ...CouponSection_option
      }
    }
  }
`);

// The answer's cart is the cart views' composition (spread by name; the cart feature owns it): the badge, the
// panel and the cart page lose the ordered lines from this one answer.
export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      order {
        id
        orderSn
        needsReceipt
        receiptDone
      }
      userErrors {
        ...UserErrors_orderError
      }
      cart {
        ...CartViews_cart
      }
    }
  }
`);

const useStyles = makeStyles({
  steps: { marginBottom: tokens.spacingVerticalM },
  submitRow: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  submit: { minWidth: '140px' },
  pending: { opacity: 0.5 },
});

/** /cart/step2 (cart_step2): confirm the selected lines, choose address, coupon and invoice, place the order. */
export default function ConfirmOrderPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const cartLineIds = lineIdsFromSearch(params);
  // PRICE-11: until the buyer chooses (null), the order is priced with the coupon that saves most; '' is none.
  const [couponChoice, setCouponChoice] = useState<string | null>(null);
  // Choosing a coupon asks again: the gateway prices the order with it, so the page never computes money. The
  // previous answer stays on screen meanwhile, its amounts marked pending.
  const fresh = useFreshFetchPolicy();
  const {
    data: current,
    previousData,
    loading,
    refetch,
  } = useQuery(ConfirmOrderQuery, {
    variables: { cartLineIds, couponId: couponChoice || null, bestCoupon: couponChoice === null },
    skip: cartLineIds.length === 0,
    // Prices, stock and coupons are judged now, not when the buyer last looked.
    ...fresh,
  });
  const [place, placing] = useMutation(PlaceOrderMutation);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [invoiceType, setInvoiceType] = useState<InvoiceType>('ORDINARY');
  const [remark, setRemark] = useState('');
  const [adding, setAdding] = useState(false);
  const [userErrors, setUserErrors] = useState<readonly UserError[]>([]);
  // A second click in the same frame, before React has disabled the button, must not send a second request.
  const submitting = useRef(false);

  if (cartLineIds.length === 0) {
    return (
      <EmptyState title="还没有选择要结算的商品">
        <Link to="/cart">返回购物车</Link>选择商品
      </EmptyState>
    );
  }
  const data = current ?? previousData;
  if (!data) {
    return (
      <EmptyState title={loading ? '正在核对订单…' : '订单信息暂时无法加载'}>
        {loading ? null : <Link to="/cart">返回购物车</Link>}
      </EmptyState>
    );
  }

  const preview = data.orderPreview;
  // QUAL-04: an expired required document refuses the order; the buyer reads why before pressing the button.
  const blocked = data.me?.qualificationAlert?.blocksOrdering ? data.me.qualificationAlert.message : null;
  const addressId =
    chosenAddress ?? preview.addresses.find((address) => address.isDefault)?.id ?? preview.addresses[0]?.id ?? null;
  const couponId = couponChoice ?? preview.couponId ?? '';
  const chosenCoupon = preview.coupons.find((option) => option.coupon.id === couponId && option.usable);

  const submit = async () => {
    if (submitting.current || !addressId) return;
    submitting.current = true;
    setUserErrors([]);
    try {
      const result = await place({
        variables: {
          input: {
            cartLineIds,
            addressId,
            couponId: chosenCoupon ? chosenCoupon.coupon.id : null,
            invoiceType,
            remark: remark.trim() || null,
            idempotencyKey: idempotencyKeyFor(location.key),
            // PRICE-14: the amount on screen is the amount charged, or nothing is.
            expectedPayableFen: preview.amounts.payable.fen,
          },
        },
      });
      const payload = result.data?.placeOrder;
      if (payload?.order) {
        // The confirm page's lines are gone from the cart: going back must not land on it again.
        void navigate(orderNextPath(payload.order), { replace: true });
        return;
      }
      const errors = payload?.userErrors ?? [];
      setUserErrors(errors);
      // The buyer reads the new amounts (and each line's reason) before submitting again.
      if (errors.some((error) => error.code === 'PRICE_CHANGED')) void refetch();
    } catch {
      // The error link has told the buyer what went wrong; the same key is sent again on the next try.
    } finally {
      submitting.current = false;
    }
  };

  return (
    <>
      <StepIndicator labels={CART_STEPS} current={2} className={styles.steps} />
      <SectionHeading>确认订单</SectionHeading>
      <AddressSection
        orderingParty={data.me ? orderingLine(data.me) : null}
        addresses={preview.addresses}
        value={addressId}
        adding={adding}
        onAdding={setAdding}
        onChoose={setChosenAddress}
        onCreated={() => void refetch()}
      />

      <OrderLinesSection lines={preview.lines} />

      <CouponSection
        options={preview.coupons}
        value={couponId}
        onChange={setCouponChoice}
        bestId={preview.bestCouponId}
      />

      <InvoiceSection
        cartLineIds={cartLineIds}
        invoiceType={invoiceType}
        remark={remark}
        onInvoiceType={setInvoiceType}
        onRemark={setRemark}
      />

      <Panel label="结算">
        <div className={loading ? styles.pending : undefined} aria-busy={loading}>
          <OrderAmountList amounts={preview.amounts} />
        </div>
        {preview.needsReceipt ? (
          <MessageBar intent="info">
            <MessageBarBody>订单含麻黄碱类药品，提交后需先填写收货人信息（实名登记）再付款。</MessageBarBody>
          </MessageBar>
        ) : null}
        {blocked ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              {blocked} <Link to="/zzzj">去更新资质</Link>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <UserErrors
          errors={userErrors}
          extra={(error) =>
            error.code === 'SOLD_OUT' || error.code === 'NOTHING_TO_ORDER' ? (
              <>
                {' '}
                <Link to="/cart">返回购物车调整</Link>
              </>
            ) : null
          }
        />
        <div className={styles.submitRow}>
          <Link to="/cart">返回购物车</Link>
          <Button
            appearance="primary"
            size="large"
            className={styles.submit}
            // The amounts shown must be the ones ordered: no submit while a coupon change is being priced.
            disabled={placing.loading || loading || !addressId || adding || blocked !== null}
            onClick={() => void submit()}
          >
            {placing.loading ? '正在提交…' : '提交订单'}
          </Button>
        </div>
      </Panel>
    </>
  );
}
