import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { GoodsImage } from '../../components/GoodsImage';
import { QuantityStepper } from '../../components/QuantityStepper';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { graphql } from '../../gql';
import type { PointsGoodsCard_GoodsFragment } from '../../gql/graphql';
import { businessCodeOf, serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import type { FieldRules } from '../../shared/form/rules';
import { INLINE_INPUT_ERRORS, setUserErrors } from '../../shared/form/server-errors';
import { limitLeft, maxQuantity } from './exchange-limits';
import { grouping } from './PointsGoodsCard';

export const ExchangeAddressesQuery = graphql(`
  query ExchangeAddresses {
    me {
      id
      addresses {
        ...AddressFields_address
      }
    }
  }
`);

export const ExchangePointsGoodsMutation = graphql(`
  mutation ExchangePointsGoods($input: ExchangePointsGoodsInput!) {
    exchangePointsGoods(input: $input) {
      pointsOrder {
        id
        orderSn
        goodsName
        quantity
        points
      }
      points
      goods {
        ...PointsGoodsCard_goods
      }
      viewer {
        id
        wallet {
          points
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Refusals this dialog shows itself: an unknown goods or an address that is not the buyer's (both 404). */
const INLINE_CODES = [404];

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalM },
  goods: { display: 'grid', gridTemplateColumns: '72px minmax(0, 1fr)', gap: tokens.spacingHorizontalM },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  total: { margin: 0 },
  strong: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase400 },
  label: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontWeight: tokens.fontWeightSemibold },
  addresses: { maxHeight: '220px', overflowY: 'auto' },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, overflowWrap: 'anywhere' },
});

type Placed = { orderSn: string; goodsName: string; quantity: number; points: number; left: number };

/** The dialog's choices as the form keeps them: the pieces as digits, the address the buyer chose ('' for none yet). */
interface ExchangeValues {
  quantity: string;
  addressId: string;
}

/** The fields a refusal may name (the upstream's input's names); any other refusal shows under the form. */
const FIELDS: readonly (keyof ExchangeValues)[] = ['quantity', 'addressId'];

/** Nothing to check on the screen: the stepper keeps the quantity within MALL-06's bounds, an address is preselected. */
const NO_RULES: FieldRules<ExchangeValues> = {};

/**
 * The exchange (MALL-06): how many pieces, within the stock, the limit and the points; where to send them, the
 * default address preselected; then the new points order with the way to the points orders. A refusal naming the
 * quantity or the address shows under that field (ADR 0314), any other under the form.
 */
export function ExchangeDialog({
  goods,
  points,
  onClose,
}: {
  goods: PointsGoodsCard_GoodsFragment;
  /** The buyer's points now. */
  points: number;
  onClose: () => void;
}) {
  const styles = useStyles();
  const max = maxQuantity(goods, points);
  const form = useRulesForm(NO_RULES, { quantity: '1', addressId: '' });
  const [refusals, setRefusals] = useState<readonly UserError[]>([]);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const addresses = useQuery(ExchangeAddressesQuery, { fetchPolicy: 'cache-and-network' });
  const [exchange, { loading }] = useMutation(ExchangePointsGoodsMutation);

  const list = addresses.data?.me?.addresses ?? [];
  const chosen = form.watch('addressId');
  const addressId = (chosen || list.find((a) => a.isDefault)?.id) ?? list[0]?.id ?? null;
  const quantity = Number(form.watch('quantity'));
  const cost = goods.points * quantity;
  const left = limitLeft(goods);

  const refuse = (errors: readonly UserError[]) => setRefusals(setUserErrors(errors, form.setError, FIELDS));

  const confirm = form.handleSubmit(async () => {
    if (addressId === null || loading) return;
    setRefusals([]);
    const context: InlineInputErrorsContext = { ...INLINE_INPUT_ERRORS, inlineBusinessCodes: INLINE_CODES };
    try {
      const { data } = await exchange({ variables: { input: { goodsId: goods.id, quantity, addressId } }, context });
      const answer = data?.exchangePointsGoods;
      if (!answer) return;
      if (answer.pointsOrder && answer.points !== null && answer.points !== undefined) {
        setPlaced({ ...answer.pointsOrder, left: answer.points });
      } else {
        refuse(answer.userErrors);
      }
    } catch (error) {
      // Other failures (signed out, busy) are the error link's to show; these belong beside the form.
      if (!CombinedGraphQLErrors.is(error)) return;
      const fields = serverFieldErrors(error.errors);
      if (fields) {
        refuse(Object.entries(fields).map(([field, message]) => ({ code: 'INPUT', field, message })));
        return;
      }
      const refusal = businessCodeOf(error.errors);
      if (refusal && INLINE_CODES.includes(refusal.code)) {
        setRefusals([{ code: String(refusal.code), field: null, message: refusal.message }]);
      }
    }
  });

  if (placed) {
    return (
      <ConfirmDialog open title="兑换成功" confirmLabel="完成" onConfirm={onClose} onClose={onClose}>
        <div className={styles.body}>
          <dl className={styles.facts}>
            <dt className={styles.term}>订单号</dt>
            <dd className={styles.detail}>{placed.orderSn}</dd>
            <dt className={styles.term}>兑换商品</dt>
            <dd className={styles.detail}>
              {placed.goodsName} × {placed.quantity}
            </dd>
            <dt className={styles.term}>消耗积分</dt>
            <dd className={styles.detail}>{grouping.format(placed.points)}</dd>
            <dt className={styles.term}>剩余积分</dt>
            <dd className={styles.detail}>{grouping.format(placed.left)}</dd>
          </dl>
          <p className={styles.muted}>
            我们将尽快为您发货，可在<Link to="/jfdd">积分订单</Link>中查看进度。
          </p>
        </div>
      </ConfirmDialog>
    );
  }

  const noAddress = addresses.data?.me && list.length === 0;
  return (
    <ConfirmDialog
      open
      title={`兑换 ${goods.name}`}
      confirmLabel={loading ? '兑换中…' : '确认兑换'}
      confirmDisabled={loading || max === 0 || addressId === null}
      onConfirm={() => void confirm()}
      cancelLabel="取消"
      onClose={onClose}
    >
      <div className={styles.body}>
        <div className={styles.goods}>
          <GoodsImage src={goods.image ?? undefined} alt={goods.name} size={72} />
          <div>
            <p className={styles.name}>{goods.name}</p>
            <p className={styles.muted}>
              {grouping.format(goods.points)} 积分/件 · 库存 {grouping.format(goods.stock)} 件
              {left === null ? '' : ` · 还可兑换 ${left} 件`}
            </p>
          </div>
        </div>
        <FormField form={form} name="quantity" label="兑换数量" hint={`最多可兑换 ${max} 件`}>
          {({ value, onChange }) => (
            <QuantityStepper
              label="兑换数量"
              value={Number(value)}
              stock={max}
              onChange={(next) => {
                onChange(null, { value: String(next) });
                setRefusals([]);
              }}
            />
          )}
        </FormField>
        <p className={styles.total}>
          共需 <span className={styles.strong}>{grouping.format(cost)}</span> 积分，可用 {grouping.format(points)}{' '}
          积分，兑换后剩余 {grouping.format(Math.max(0, points - cost))} 积分
        </p>
        {list.length > 0 ? (
          <FormField form={form} name="addressId" label="收货地址">
            {({ onChange, ref }) => (
              <RadioGroup
                ref={ref}
                className={styles.addresses}
                value={addressId ?? ''}
                onChange={(event, data) => {
                  onChange(event, data);
                  setRefusals([]);
                }}
              >
                {list.map((a) => (
                  <Radio
                    key={a.id}
                    value={a.id}
                    label={`${a.consignee} ${a.phone} ${a.province}${a.city}${a.district}${a.address}${a.isDefault ? '（默认）' : ''}`}
                  />
                ))}
              </RadioGroup>
            )}
          </FormField>
        ) : (
          <div>
            <p className={styles.label}>收货地址</p>
            {addresses.loading && !addresses.data ? (
              <p className={styles.muted}>正在读取收货地址…</p>
            ) : noAddress ? (
              <p className={styles.muted}>
                您还没有收货地址，请先<Link to="/addr">添加收货地址</Link>。
              </p>
            ) : null}
          </div>
        )}
        <UserErrors errors={refusals} />
        {addresses.error && !addresses.data ? (
          <MessageBar intent="error">
            <MessageBarBody>收货地址暂时无法读取，请稍后再试</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
