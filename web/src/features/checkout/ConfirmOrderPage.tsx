import { useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { GoodsImage } from '../../components/GoodsImage';
import { OrderAmountList } from '../../components/OrderAmountList';
import { graphql } from '../../gql';
import type { CartLineType, InvoiceType } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { AddressForm } from './AddressForm';
import { lineIdsFromSearch, orderNextPath } from '../../shared/cart-steps';
import { couponValueText } from '../../shared/coupon-text';
import { INVOICE_TEXT, INVOICE_TYPES } from '../../shared/invoice';
import { idempotencyKeyFor } from './idempotency';
import { marketTokens } from '../../theme/theme';

export const ConfirmOrderQuery = graphql(`
  query ConfirmOrder($cartLineIds: [ID!]!, $couponId: ID) {
    orderPreview(cartLineIds: $cartLineIds, couponId: $couponId) {
      needsReceipt
      lines {
        id
        number
        type
        price {
          fen
          amount
        }
        total {
          fen
          amount
        }
        goods {
          id
          name
          spec
          manufacturer
          packingUnit
          images
        }
        combination {
          group {
            id
            name
          }
          items {
            number
            goods {
              id
              name
              packingUnit
            }
          }
        }
      }
      amounts {
        ...OrderAmountList_amounts
      }
      addresses {
        id
        consignee
        phone
        province
        city
        district
        address
        isDefault
      }
      coupons {
        usable
        reason
        coupon {
          id
          name
          type
          amount {
            fen
            amount
          }
          discountPercent
          threshold {
            fen
            amount
          }
          endsAt
        }
      }
    }
  }
`);

// The answer's cart goes through every cart view's fragments: the badge, the panel and the cart page lose the
// ordered lines from this one answer.
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
        message
        field
        code
      }
      cart {
        ...CartViews_cart
      }
    }
  }
`);

/** The upstream accepts a remark of at most 200 characters. */
export const REMARK_MAX = 200;

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  section: {
    display: 'grid',
    gap: '8px',
    padding: '16px',
    marginBottom: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeBase400 },
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '8px' },
  line: {
    display: 'grid',
    gridTemplateColumns: '56px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '12px',
  },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  total: { color: marketTokens.colorPrice, whiteSpace: 'nowrap', textAlign: 'right' },
  unusable: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  submitRow: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: '12px' },
  submit: { minWidth: '140px' },
  pending: { opacity: 0.5 },
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/** How the confirm list marks lines sold under an activity. */
const LINE_PREFIXES: Partial<Record<CartLineType, string>> = {
  SECKILL: '【秒杀】',
  COMBINATION: '【组合】',
  GROUP_BUY: '【拼团】',
};

/** /cart/step2 (cart_step2): confirm the selected lines, choose address, coupon and invoice, place the order. */
export default function ConfirmOrderPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const cartLineIds = lineIdsFromSearch(params);
  const [couponId, setCouponId] = useState<string>('');
  // Choosing a coupon asks again: the gateway prices the order with it, so the page never computes money. The
  // previous answer stays on screen meanwhile, its amounts marked pending.
  const {
    data: current,
    previousData,
    loading,
    refetch,
  } = useQuery(ConfirmOrderQuery, {
    variables: { cartLineIds, couponId: couponId || null },
    skip: cartLineIds.length === 0,
    // Prices, stock and coupons are judged now, not when the buyer last looked.
    fetchPolicy: 'network-only',
  });
  const [place, placing] = useMutation(PlaceOrderMutation);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [invoiceType, setInvoiceType] = useState<InvoiceType>('NONE');
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
  const addressId =
    chosenAddress ?? preview.addresses.find((address) => address.isDefault)?.id ?? preview.addresses[0]?.id ?? null;
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
          },
        },
      });
      const payload = result.data?.placeOrder;
      if (payload?.order) {
        // The confirm page's lines are gone from the cart: going back must not land on it again.
        void navigate(orderNextPath(payload.order), { replace: true });
        return;
      }
      setUserErrors(payload?.userErrors ?? []);
    } catch {
      // The error link has told the buyer what went wrong; the same key is sent again on the next try.
    } finally {
      submitting.current = false;
    }
  };

  return (
    <>
      <h1 className={styles.heading}>确认订单</h1>
      <section className={styles.section} aria-labelledby="address-title">
        <h2 id="address-title" className={styles.sectionTitle}>
          收货地址
        </h2>
        {preview.addresses.length === 0 && !adding ? (
          <p className={styles.note}>还没有收货地址，请先新增一个。</p>
        ) : null}
        <RadioGroup
          aria-labelledby="address-title"
          value={addressId ?? ''}
          onChange={(_event, next) => setChosenAddress(next.value)}
        >
          {preview.addresses.map((address) => (
            <Radio
              key={address.id}
              value={address.id}
              label={`${address.consignee} ${address.phone} ${address.province}${address.city}${address.district}${address.address}${address.isDefault ? '（默认）' : ''}`}
            />
          ))}
        </RadioGroup>
        {adding ? (
          <AddressForm
            onCancel={() => setAdding(false)}
            onCreated={(id) => {
              setAdding(false);
              setChosenAddress(id);
              void refetch();
            }}
          />
        ) : (
          <div>
            <Button appearance="secondary" onClick={() => setAdding(true)}>
              + 新增收货地址
            </Button>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="lines-title">
        <h2 id="lines-title" className={styles.sectionTitle}>
          商品清单（{preview.lines.length} 种）
        </h2>
        <ul className={styles.lines}>
          {preview.lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <GoodsImage src={line.goods.images[0]} alt={line.goods.name} size={56} />
              <div>
                <p className={styles.name}>
                  {LINE_PREFIXES[line.type] ?? ''}
                  {line.combination ? line.combination.group.name : line.goods.name}
                </p>
                {line.combination ? (
                  <p className={styles.meta}>
                    每组：
                    {line.combination.items
                      .map((item) => `${item.goods.name} ×${item.number}${item.goods.packingUnit ?? ''}`)
                      .join('、')}{' '}
                    · {formatPrice(line.price)}/组 × {line.number} 组
                  </p>
                ) : (
                  <p className={styles.meta}>
                    {line.goods.spec ?? '—'} · {line.goods.manufacturer} · {formatPrice(line.price)} × {line.number}
                    {line.goods.packingUnit ?? ''}
                  </p>
                )}
              </div>
              <span className={styles.total}>{formatPrice(line.total)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="coupon-title">
        <h2 id="coupon-title" className={styles.sectionTitle}>
          优惠券
        </h2>
        <RadioGroup
          aria-labelledby="coupon-title"
          value={couponId}
          onChange={(_event, next) => setCouponId(next.value)}
        >
          <Radio value="" label="不使用优惠券" />
          {preview.coupons.map((option) => (
            <Radio
              key={option.coupon.id}
              value={option.coupon.id}
              disabled={!option.usable}
              label={
                option.usable
                  ? `${option.coupon.name}（${couponValueText(option.coupon)}）`
                  : `${option.coupon.name}：${option.reason ?? '不可用'}`
              }
            />
          ))}
        </RadioGroup>
      </section>

      <section className={styles.section} aria-labelledby="invoice-title">
        <h2 id="invoice-title" className={styles.sectionTitle}>
          发票
        </h2>
        <RadioGroup
          aria-labelledby="invoice-title"
          layout="horizontal"
          value={invoiceType}
          onChange={(_event, next) => {
            const chosen = INVOICE_TYPES.find((type) => type === next.value);
            if (chosen) setInvoiceType(chosen);
          }}
        >
          {INVOICE_TYPES.map((type) => (
            <Radio key={type} value={type} label={INVOICE_TEXT[type]} />
          ))}
        </RadioGroup>
        <label htmlFor="order-remark" className={styles.sectionTitle} style={{ fontSize: tokens.fontSizeBase300 }}>
          订单备注
        </label>
        <Textarea
          id="order-remark"
          value={remark}
          maxLength={REMARK_MAX}
          placeholder={`选填，最多 ${REMARK_MAX} 字`}
          onChange={(_event, next) => setRemark(next.value)}
        />
      </section>

      <section className={styles.section} aria-label="结算">
        <div className={loading ? styles.pending : undefined} aria-busy={loading}>
          <OrderAmountList amounts={preview.amounts} />
        </div>
        {preview.needsReceipt ? (
          <MessageBar intent="info">
            <MessageBarBody>订单含麻黄碱类药品，提交后需先填写收货人信息（实名登记）再付款。</MessageBarBody>
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
            disabled={placing.loading || loading || !addressId || adding}
            onClick={() => void submit()}
          >
            {placing.loading ? '正在提交…' : '提交订单'}
          </Button>
        </div>
      </section>
    </>
  );
}
