import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import {
  Button,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  SpinButton,
  Textarea,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { FileUpload, type UploadedFile } from '../../components/FileUpload';
import { GoodsImage } from '../../components/GoodsImage';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { returnPath } from '../../shared/after-sale-paths';
import { orderPath } from '../../shared/cart-steps';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { fenToAmount, formatPrice } from '../../shared/money';
import { alertDialog, toast } from '../../shared/notify';
import { formatDateTime } from '../../shared/time';
import { isFinal, MAX_PHOTOS } from './return-status';

export const OrderAfterSaleQuery = graphql(`
  query OrderAfterSale($orderId: ID!) {
    orderAfterSale(orderId: $orderId) {
      orderId
      orderSn
      canApply
      reasons
      lines {
        id
        goodsId
        name
        manufacturer
        spec
        packingUnit
        image
        number
        requested
        returnable
        price {
          ...Price_money
        }
        unitRefund {
          fen
          amount
        }
      }
      returns {
        id
        number
        reason
        status
        statusText
        createdAt
        refund {
          ...Price_money
        }
        goods {
          name
          packingUnit
        }
      }
    }
  }
`);

export const RequestReturnMutation = graphql(`
  mutation RequestReturn($input: RequestReturnInput!) {
    requestReturn(input: $input) {
      returnRequest {
        id
        status
      }
      userErrors {
        code
        message
      }
    }
  }
`);

const useStyles = makeStyles({
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  line: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  chosen: { boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorNeutralBackground2 },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  photos: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  photo: { display: 'grid', gap: tokens.spacingVerticalXXS, justifyItems: 'center', fontSize: tokens.fontSizeBase200 },
  thumb: {
    width: '72px',
    height: '72px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  submit: { justifySelf: 'start' },
  notice: { margin: 0, color: tokens.colorNeutralForeground3 },
  returns: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  returnRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}`,
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  grow: { flexGrow: 1 },
  open: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  final: { color: tokens.colorNeutralForeground3 },
  order: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase200 },
});

type Line = NonNullable<ReturnType<typeof useAfterSale>['page']>['lines'][number];

function useAfterSale(orderId: string) {
  const { data, loading } = useQuery(OrderAfterSaleQuery, {
    variables: { orderId },
    fetchPolicy: 'cache-and-network',
  });
  return { page: data?.orderAfterSale, loading };
}

/** The return form for one line (AFTER-04): quantity, reason, description and photos. */
function ReturnForm({ orderId, line, reasons }: { orderId: string; line: Line; reasons: readonly string[] }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [number, setNumber] = useState(line.returnable);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<readonly UploadedFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [request, { loading }] = useMutation(RequestReturnMutation, {
    refetchQueries: ['OrderAfterSale', 'OrderList', 'OrderCounts'],
  });
  const unit = line.packingUnit ?? '件';
  const refund = line.unitRefund.fen * number;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!reason) found['reason'] = '请选择退货原因';
    if (reason === '其他' && !description.trim()) found['description'] = '请说明退货原因';
    if (!Number.isInteger(number) || number < 1 || number > line.returnable) {
      found['number'] = `退货数量应在1到${line.returnable}${unit}之间`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const context: InlineInputErrorsContext = { inlineInputErrors: true };
      const result = await request({
        variables: {
          input: {
            orderId,
            lineId: line.id,
            number,
            reason,
            description: description.trim() || null,
            photoIds: photos.map((photo) => photo.id),
          },
        },
        context,
      });
      const answer = result.data?.requestReturn;
      if (answer?.userErrors[0]) {
        alertDialog(answer.userErrors[0].message);
        return;
      }
      if (answer?.returnRequest) {
        toast('售后申请已提交，请等待审核', 'success');
        void navigate(returnPath(answer.returnRequest.id));
      }
    } catch (failure) {
      const fields = CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors) : null;
      // Other failures (the system busy, signed out) were already shown by the error link.
      if (fields) setErrors(fields);
    }
  };

  return (
    <form
      className={styles.form}
      aria-label={`申请退货：${line.name}`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p className={styles.meta}>
        {line.name} · 已购 {line.number}
        {unit} · 可申请 {line.returnable}
        {unit}
      </p>
      <Field
        label={`退货数量（${unit}）`}
        required
        validationState={errors['number'] ? 'error' : 'none'}
        validationMessage={errors['number']}
        hint={`预计退款 ${formatPrice({ amount: fenToAmount(refund) })}，退回账户余额`}
      >
        <SpinButton
          value={number}
          min={1}
          max={line.returnable}
          onChange={(_event, data) => {
            const next = data.value ?? Number(data.displayValue);
            if (Number.isFinite(next)) setNumber(Math.trunc(next));
          }}
        />
      </Field>
      <Field
        label="退货原因"
        required
        validationState={errors['reason'] ? 'error' : 'none'}
        validationMessage={errors['reason']}
      >
        <RadioGroup layout="horizontal" value={reason} onChange={(_event, data) => setReason(data.value)}>
          {reasons.map((r) => (
            <Radio key={r} value={r} label={r} />
          ))}
        </RadioGroup>
      </Field>
      <Field
        label="问题描述"
        hint="最多200个字；选择“其他”时必填"
        validationState={errors['description'] ? 'error' : 'none'}
        validationMessage={errors['description']}
      >
        <Textarea
          value={description}
          maxLength={200}
          resize="vertical"
          onChange={(_e, data) => setDescription(data.value)}
        />
      </Field>
      {photos.length < MAX_PHOTOS ? (
        <FileUpload
          key={photos.length}
          label={`上传凭证照片（选填，最多${MAX_PHOTOS}张）`}
          purpose="RETURN"
          hint="商品破损、批号、效期等照片，JPG、PNG或PDF，不超过5MB"
          onUploaded={(file) => setPhotos((list) => [...list, file])}
        />
      ) : null}
      {errors['photoIds'] ? <p role="alert">{errors['photoIds']}</p> : null}
      {photos.length > 0 ? (
        <ul className={styles.photos} aria-label="已上传的照片">
          {photos.map((photo) => (
            <li key={photo.id} className={styles.photo}>
              {photo.mime === 'application/pdf' ? (
                <a href={photo.url} target="_blank" rel="noreferrer">
                  {photo.name}
                </a>
              ) : (
                <img className={styles.thumb} src={photo.url} alt={photo.name} />
              )}
              <Button
                size="small"
                appearance="subtle"
                aria-label={`移除照片 ${photo.name}`}
                onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
              >
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button className={styles.submit} type="submit" appearance="primary" disabled={loading}>
        {loading ? '正在提交…' : '提交申请'}
      </Button>
    </form>
  );
}

/**
 * /order/afterSalesInfo/:id (order_wddd_afterSalesInfo), the id an order's (AFTER-08): its lines with what may still
 * be asked back, the return form for the chosen line, and the order's after-sales requests.
 */
export default function AfterSalesPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { page, loading } = useAfterSale(id);
  const [chosen, setChosen] = useState<string | null>(null);

  if (!page) {
    return (
      <EmptyState title={loading ? '正在加载售后信息…' : '找不到这个订单'}>
        <Link to="/order">返回我的订单</Link>
      </EmptyState>
    );
  }
  const line = page.lines.find((l) => l.id === chosen && l.returnable > 0);

  return (
    <>
      <SectionHeading>售后服务</SectionHeading>
      <Panel title="选择要退货的商品" titleId="after-sale-lines">
        <p className={styles.order}>
          订单号：<Link to={orderPath(page.orderId)}>{page.orderSn}</Link>
        </p>
        {!page.canApply ? (
          <p className={styles.notice}>
            该订单当前不能申请售后：只有待收货或已完成的订单可以申请，且需账户已开通售后服务。如有疑问请联系您的客户经理。
          </p>
        ) : null}
        <ul className={styles.lines}>
          {page.lines.map((l) => (
            <li key={l.id} className={mergeClasses(styles.line, l.id === line?.id && styles.chosen)}>
              <GoodsImage src={l.image ?? undefined} alt={l.name} size={56} />
              <div>
                <p className={styles.name}>{l.name}</p>
                <p className={styles.meta}>
                  {l.spec ?? '—'} · {l.manufacturer} · <Price money={l.price} /> × {l.number}
                  {l.packingUnit ?? ''}
                  {l.requested > 0 ? ` · 已申请 ${l.requested}${l.packingUnit ?? '件'}` : ''}
                </p>
              </div>
              {page.canApply ? (
                <Button
                  size="small"
                  appearance={l.id === line?.id ? 'primary' : 'secondary'}
                  disabled={l.returnable === 0}
                  aria-label={l.returnable === 0 ? `${l.name}已全部申请售后` : `申请退货：${l.name}`}
                  onClick={() => setChosen(l.id)}
                >
                  {l.returnable === 0 ? '已全部申请' : '申请退货'}
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      </Panel>
      {line ? (
        <Panel title="填写退货申请" titleId="after-sale-form">
          <ReturnForm key={line.id} orderId={page.orderId} line={line} reasons={page.reasons} />
        </Panel>
      ) : null}
      <Panel title={`售后记录（${page.returns.length}）`} titleId="after-sale-returns" last>
        {page.returns.length === 0 ? (
          <p className={styles.notice}>该订单暂无售后申请。</p>
        ) : (
          <ul className={styles.returns}>
            {page.returns.map((r) => (
              <li key={r.id} className={styles.returnRow}>
                <span className={styles.grow}>
                  {r.goods.name} × {r.number}
                  {r.goods.packingUnit ?? ''}
                  <span className={styles.meta}>
                    {' '}
                    · {r.reason} · {formatDateTime(r.createdAt)}
                  </span>
                </span>
                <span>
                  退款 <Price money={r.refund} />
                </span>
                <span className={isFinal(r.status) ? styles.final : styles.open}>{r.statusText}</span>
                <Link to={returnPath(r.id)} aria-label={`售后申请 ${r.id} 详情`}>
                  查看详情
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
