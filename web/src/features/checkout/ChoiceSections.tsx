import { Button, makeStyles, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components';
import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { AddressFields_AddressFragment, CouponSection_OptionFragment, InvoiceType } from '../../gql/graphql';
import { couponValueText } from '../../shared/coupon-text';
import { INVOICE_TITLE_PATH, invoiceChoices, offeredChoice } from '../../shared/invoice';
import { Panel } from '../../components/Panel';

// The form (react-hook-form, the divisions' selects) loads when the buyer asks to add an address, not with the page.
const AddressForm = lazy(() => import('./AddressForm').then((module) => ({ default: module.AddressForm })));

export const CouponSectionFragment = graphql(`
  fragment CouponSection_option on CouponOption {
    usable
    reason
    coupon {
      id
      name
      ...CouponValue_coupon
      endsAt
    }
  }
`);

/** The upstream accepts a remark of at most 200 characters. */
export const REMARK_MAX = 200;

const useStyles = makeStyles({
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  remarkLabel: { margin: 0, fontSize: tokens.fontSizeBase300 },
});

/** 收货地址: the company's addresses to choose from, and the form that adds one (chosen once created). */
export function AddressSection({
  orderingParty,
  addresses,
  value,
  adding,
  onAdding,
  onChoose,
  onCreated,
}: {
  /** STORE-04: the company and store this order is placed for (a chain's buyer may have switched stores). */
  orderingParty: string | null;
  addresses: readonly AddressFields_AddressFragment[];
  value: string | null;
  adding: boolean;
  onAdding: (adding: boolean) => void;
  onChoose: (id: string) => void;
  onCreated: () => void;
}) {
  const styles = useStyles();
  return (
    <Panel title="收货地址" titleId="address-title">
      {orderingParty ? <p className={styles.note}>订货门店：{orderingParty}</p> : null}
      {addresses.length === 0 && !adding ? <p className={styles.note}>还没有收货地址，请先新增一个。</p> : null}
      <RadioGroup aria-labelledby="address-title" value={value ?? ''} onChange={(_event, next) => onChoose(next.value)}>
        {addresses.map((address) => (
          <Radio
            key={address.id}
            value={address.id}
            label={`${address.consignee} ${address.phone} ${address.province}${address.city}${address.district}${address.address}${address.isDefault ? '（默认）' : ''}`}
          />
        ))}
      </RadioGroup>
      {adding ? (
        <Suspense fallback={<p className={styles.note}>正在打开地址表单…</p>}>
          <AddressForm
            onCancel={() => onAdding(false)}
            onCreated={(id) => {
              onAdding(false);
              onChoose(id);
              onCreated();
            }}
          />
        </Suspense>
      ) : (
        <div>
          <Button appearance="secondary" onClick={() => onAdding(true)}>
            + 新增收货地址
          </Button>
        </div>
      )}
    </Panel>
  );
}

/** 优惠券: the buyer's coupons judged against these lines; an unusable one says why (ORDER-07). */
export function CouponSection({
  options,
  value,
  onChange,
  bestId,
}: {
  options: readonly CouponSection_OptionFragment[];
  value: string;
  onChange: (couponId: string) => void;
  /** The coupon that takes most off (PRICE-11), marked as such. */
  bestId?: string | null;
}) {
  return (
    <Panel title="优惠券" titleId="coupon-title">
      <RadioGroup aria-labelledby="coupon-title" value={value} onChange={(_event, next) => onChange(next.value)}>
        <Radio value="" label="不使用优惠券" />
        {options.map((option) => (
          <Radio
            key={option.coupon.id}
            value={option.coupon.id}
            disabled={!option.usable}
            label={
              option.usable
                ? `${option.coupon.name}（${couponValueText(option.coupon)}）${option.coupon.id === bestId ? ' · 最优惠' : ''}`
                : `${option.coupon.name}：${option.reason ?? '不可用'}`
            }
          />
        ))}
      </RadioGroup>
    </Panel>
  );
}

export const InvoiceSectionQuery = graphql(`
  query InvoiceSection($cartLineIds: [ID!]!) {
    invoiceOptions(cartLineIds: $cartLineIds) {
      noneAllowed
      noneReason
      vatSpecialAllowed
      missingForVatSpecial
      title {
        name
        taxId
      }
    }
  }
`);

/**
 * 发票 and 订单备注 (ORDER-12): 不开发票 only without drugs, the 专票 only with a complete title, each choice not
 * offered saying why (INVOICE-10, INVOICE-11); a choice that stops being offered falls back to the ordinary one.
 */
export function InvoiceSection({
  cartLineIds,
  invoiceType,
  remark,
  onInvoiceType,
  onRemark,
}: {
  cartLineIds: readonly string[];
  invoiceType: InvoiceType;
  remark: string;
  onInvoiceType: (type: InvoiceType) => void;
  onRemark: (remark: string) => void;
}) {
  const styles = useStyles();
  const { data } = useQuery(InvoiceSectionQuery, {
    variables: { cartLineIds: [...cartLineIds] },
    skip: cartLineIds.length === 0,
    fetchPolicy: 'network-only',
  });
  const options = data?.invoiceOptions;
  const choices = invoiceChoices(options);
  const offered = offeredChoice(invoiceType, choices);
  useEffect(() => {
    if (offered !== invoiceType) onInvoiceType(offered);
  }, [offered, invoiceType, onInvoiceType]);
  return (
    <Panel title="发票" titleId="invoice-title">
      <RadioGroup
        aria-labelledby="invoice-title"
        layout="horizontal"
        value={offered}
        onChange={(_event, next) => {
          const chosen = choices.find((choice) => choice.type === next.value && !choice.disabled);
          if (chosen) onInvoiceType(chosen.type);
        }}
      >
        {choices.map((choice) => (
          <Radio
            key={choice.type}
            value={choice.type}
            label={choice.label}
            disabled={choice.disabled}
            aria-describedby={choice.reason === null ? undefined : `invoice-reason-${choice.type}`}
          />
        ))}
      </RadioGroup>
      {choices.map((choice) =>
        choice.reason === null ? null : (
          <p key={choice.type} id={`invoice-reason-${choice.type}`} className={styles.note}>
            {choice.label}：{choice.reason}
            {choice.completeTitle ? (
              <>
                {' '}
                <Link to={INVOICE_TITLE_PATH}>去完善发票抬头</Link>
              </>
            ) : null}
          </p>
        ),
      )}
      {options && offered !== 'NONE' ? (
        <p className={styles.note}>
          发票抬头：{options.title.name}
          {options.title.taxId ? `（纳税人识别号 ${options.title.taxId}）` : ''}{' '}
          <Link to={INVOICE_TITLE_PATH}>管理发票抬头</Link>
        </p>
      ) : null}
      <label htmlFor="order-remark" className={styles.remarkLabel}>
        订单备注
      </label>
      <Textarea
        id="order-remark"
        value={remark}
        maxLength={REMARK_MAX}
        placeholder={`选填，最多 ${REMARK_MAX} 字`}
        onChange={(_event, next) => onRemark(next.value)}
      />
    </Panel>
  );
}
