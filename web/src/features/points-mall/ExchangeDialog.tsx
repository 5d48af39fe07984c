import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Field, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { GoodsImage } from '../../components/GoodsImage';
import { QuantityStepper } from '../../components/QuantityStepper';
import { UserErrors, type UserError } from '../../components/UserErrors';
import { graphql } from '../../gql';
import type { PointsGoodsCard_GoodsFragment } from '../../gql/graphql';
import { businessCodeOf, serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { limitLeft, maxQuantity } from './exchange-limits';
import { grouping } from './PointsGoodsCard';

export const ExchangeAddressesQuery = graphql(`
  query ExchangeAddresses {
    me {
      id
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

/**
 * The exchange (MALL-06): how many pieces, within the stock, the limit and the points; where to send them, the
 * default address preselected; then the new points order with the way to the points orders.
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
  const addressLabel = useId();
  const max = maxQuantity(goods, points);
  const [quantity, setQuantity] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ errors: UserError[]; field: string | null } | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const addresses = useQuery(ExchangeAddressesQuery, { fetchPolicy: 'cache-and-network' });
  const [exchange, { loading }] = useMutation(ExchangePointsGoodsMutation);

  const list = addresses.data?.me?.addresses ?? [];
  const addressId = chosen ?? list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null;
  const cost = goods.points * quantity;
  const left = limitLeft(goods);

  async function confirm(): Promise<void> {
    if (placed) {
      onClose();
      return;
    }
    if (addressId === null || loading) return;
    setProblem(null);
    const context: InlineInputErrorsContext = { inlineInputErrors: true, inlineBusinessCodes: INLINE_CODES };
    try {
      const { data } = await exchange({ variables: { input: { goodsId: goods.id, quantity, addressId } }, context });
      const answer = data?.exchangePointsGoods;
      if (!answer) return;
      if (answer.pointsOrder && answer.points !== null && answer.points !== undefined) {
        setPlaced({ ...answer.pointsOrder, left: answer.points });
      } else {
        setProblem({ errors: answer.userErrors, field: answer.userErrors[0]?.field ?? null });
      }
    } catch (error) {
      // Other failures (signed out, busy) are the error link's to show; these two belong beside the form.
      if (!CombinedGraphQLErrors.is(error)) return;
      const fields = serverFieldErrors(error.errors);
      const refusal = businessCodeOf(error.errors);
      const field = fields ? Object.keys(fields)[0] : undefined;
      if (fields && field !== undefined) {
        setProblem({ errors: [{ code: 'INPUT', field, message: fields[field] ?? '' }], field });
      } else if (refusal && INLINE_CODES.includes(refusal.code)) {
        setProblem({ errors: [{ code: String(refusal.code), field: null, message: refusal.message }], field: null });
      }
    }
  }

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
        <Field
          label="兑换数量"
          hint={`最多可兑换 ${max} 件`}
          validationMessage={problem?.field === 'quantity' ? problem.errors[0]?.message : undefined}
        >
          <QuantityStepper
            label="兑换数量"
            value={quantity}
            stock={max}
            onChange={(next) => {
              setQuantity(next);
              setProblem(null);
            }}
          />
        </Field>
        <p className={styles.total}>
          共需 <span className={styles.strong}>{grouping.format(cost)}</span> 积分，可用 {grouping.format(points)}{' '}
          积分，兑换后剩余 {grouping.format(Math.max(0, points - cost))} 积分
        </p>
        <div>
          <p id={addressLabel} className={styles.label}>
            收货地址
          </p>
          {addresses.loading && !addresses.data ? (
            <p className={styles.muted}>正在读取收货地址…</p>
          ) : noAddress ? (
            <p className={styles.muted}>
              您还没有收货地址，请先<Link to="/addr">添加收货地址</Link>。
            </p>
          ) : (
            <RadioGroup
              className={styles.addresses}
              aria-labelledby={addressLabel}
              value={addressId ?? ''}
              onChange={(_event, next) => {
                setChosen(next.value);
                setProblem(null);
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
        </div>
        {problem && problem.field !== 'quantity' ? <UserErrors errors={problem.errors} /> : null}
        {addresses.error && !addresses.data ? (
          <MessageBar intent="error">
            <MessageBarBody>收货地址暂时无法读取，请稍后再试</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
