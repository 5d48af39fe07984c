import { useQuery } from '@apollo/client/react';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { FactList } from '../../components/FactList';
import { GoodsImage } from '../../components/GoodsImage';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { StepIndicator } from '../../components/StepIndicator';
import { graphql } from '../../gql';
import { afterSalesPath } from '../../shared/after-sale-paths';
import { orderPath } from '../../shared/cart-steps';
import { formatDateTime } from '../../shared/time';
import { PictureList } from '../../shared/PictureList';
import { RETURN_STEPS, returnStep } from './return-status';

export const ReturnDetailQuery = graphql(`
  query ReturnDetail($id: ID!) {
    returnRequest(id: $id) {
      id
      orderId
      orderSn
      number
      reason
      description
      status
      statusText
      refusal
      createdAt
      approvedAt
      refusedAt
      receivedAt
      refundedAt
      batch {
        batchNo
        producedOn
        expiresOn
      }
      refund {
        ...Price_money
      }
      goods {
        lineId
        goodsId
        name
        manufacturer
        spec
        packingUnit
        image
        bought
        price {
          ...Price_money
        }
      }
      photos {
        id
        name
        url
      }
    }
  }
`);

const useStyles = makeStyles({
  steps: { marginBottom: tokens.spacingVerticalL },
  goods: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  status: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  note: { marginBottom: tokens.spacingVerticalM },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase200 },
});

/** What the buyer does or waits for at each state. */
const NEXT: Record<string, { title: string; text: string }> = {
  REQUESTED: { title: '等待审核', text: '平台将在1个工作日内审核您的申请，请留意消息通知。' },
  APPROVED: {
    title: '请寄回商品',
    text: '申请已通过，请将商品连同原包装寄回，并在包裹内附上订单号；平台收到退货后为您退款。',
  },
  RECEIVED: { title: '等待退款', text: '平台已收到退货，退款将退回您的账户余额。' },
  REFUNDED: { title: '退款已完成', text: '退款已退回您的账户余额，可在余额管理中查看明细。' },
};

/**
 * /order/returnInfo/:id (order_wddd_returnInfo), the id a return's (AFTER-08): one after-sales request with its
 * states, the goods and photos, and the refund.
 */
export default function ReturnDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { data, loading } = useQuery(ReturnDetailQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const request = data?.returnRequest;

  if (!request) {
    return (
      <EmptyState title={loading ? '正在加载售后申请…' : '找不到这个售后申请'}>
        <Link to="/order?status=AFTER_SALE">返回售后订单</Link>
      </EmptyState>
    );
  }
  const unit = request.goods.packingUnit ?? '件';
  const next = NEXT[request.status];
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : null);

  return (
    <>
      <SectionHeading>售后详情</SectionHeading>
      <Panel label="售后进度">
        <StepIndicator className={styles.steps} labels={RETURN_STEPS} current={returnStep(request.status)} />
        {request.status === 'REFUSED' ? (
          <MessageBar intent="error" className={styles.note}>
            <MessageBarBody>
              <MessageBarTitle>售后申请未通过</MessageBarTitle>
              {request.refusal ?? '如有疑问请联系您的客户经理。'}
            </MessageBarBody>
          </MessageBar>
        ) : next ? (
          <MessageBar intent={request.status === 'REFUNDED' ? 'success' : 'info'} className={styles.note}>
            <MessageBarBody>
              <MessageBarTitle>{next.title}</MessageBarTitle>
              {next.text}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <FactList
          layout="columns"
          facts={[
            { label: '售后单号', value: request.id },
            { label: '售后状态', value: <span className={styles.status}>{request.statusText}</span> },
            { label: '订单号', value: <Link to={orderPath(request.orderId)}>{request.orderSn}</Link> },
            { label: '退货数量', value: `${request.number}${unit}` },
            // BATCH-07: the batch sent back.
            {
              label: '退货批号',
              value: request.batch
                ? `${request.batch.batchNo}（生产日期 ${request.batch.producedOn}，有效期至 ${request.batch.expiresOn}）`
                : null,
            },
            { label: '退款金额', value: <Price money={request.refund} size="strong" /> },
            { label: '退货原因', value: request.reason },
            { label: '问题描述', value: request.description },
            { label: '申请时间', value: when(request.createdAt) },
            { label: '审核通过', value: when(request.approvedAt) },
            { label: '审核拒绝', value: when(request.refusedAt) },
            { label: '商家收货', value: when(request.receivedAt) },
            { label: '退款时间', value: when(request.refundedAt) },
          ]}
        />
      </Panel>
      <Panel title="退货商品" titleId="return-goods">
        <div className={styles.goods}>
          <GoodsImage src={request.goods.image ?? undefined} alt={request.goods.name} size={64} />
          <div>
            <p className={styles.name}>{request.goods.name}</p>
            <p className={styles.meta}>
              {request.goods.spec ?? '—'} · {request.goods.manufacturer} · <Price money={request.goods.price} /> · 已购{' '}
              {request.goods.bought}
              {unit}
            </p>
          </div>
        </div>
      </Panel>
      <Panel title={`凭证照片（${request.photos.length}）`} titleId="return-photos" last>
        {request.photos.length === 0 ? (
          <p className={styles.meta}>未上传照片。</p>
        ) : (
          <PictureList pictures={request.photos} noun="照片" size="large" />
        )}
        <p className={styles.links}>
          <Link to={afterSalesPath(request.orderId)}>该订单的全部售后</Link>
          {request.status === 'REFUNDED' ? <Link to="/wdqb/yegl">查看余额明细</Link> : null}
        </p>
      </Panel>
    </>
  );
}
