import { useQuery } from '@apollo/client/react';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { Link, useSearchParams } from 'react-router';
import { FactList } from '../../components/FactList';
import { MissingState } from '../../components/MissingState';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { StepIndicator } from '../../components/StepIndicator';
import { graphql } from '../../gql';
import { formatDateTime } from '../../shared/time';
import { useRequestStyles } from './request-styles';

export const VarietyRequestDetailQuery = graphql(`
  query VarietyRequestDetail($id: ID!) {
    varietyRequest(id: $id) {
      id
      name
      spec
      manufacturer
      approvalNumber
      quantity
      remark
      status
      statusText
      answer
      createdAt
      answeredAt
      expectedPrice {
        ...Price_money
      }
      goods {
        id
        name
        manufacturer
        spec
      }
    }
  }
`);

const useStyles = makeStyles({
  steps: { marginBottom: tokens.spacingVerticalM },
  note: { marginBottom: tokens.spacingVerticalM },
  status: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** A record id as an address carries it: digits only, so a hand-edited address asks for nothing. */
const recordId = (value: string | null) => (value !== null && /^[1-9]\d{0,9}$/.test(value) ? value : null);

/**
 * /pzqg/info?id=… (zzfw_ppzq_info): one variety request with where it stands (REQ-03): pending, listed with a link
 * to the goods it became, or unavailable with the platform's reason.
 */
export default function VarietyRequestDetailPage() {
  const styles = useStyles();
  const shared = useRequestStyles();
  const [params] = useSearchParams();
  const id = recordId(params.get('id'));
  const { data, loading, error } = useQuery(VarietyRequestDetailQuery, {
    variables: { id: id ?? '' },
    skip: id === null,
    fetchPolicy: 'cache-and-network',
  });
  const request = data?.varietyRequest;

  if (!request) {
    return (
      <MissingState
        what="求购信息"
        loading={id !== null && loading}
        failed={Boolean(error)}
        missingTitle="找不到这条求购信息"
        link={{ to: '/pzqg', label: '返回求购记录' }}
      />
    );
  }
  const last = request.status === 'UNAVAILABLE' ? '无法采购' : request.status === 'LISTED' ? '已上架' : '处理结果';
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : null);

  return (
    <>
      <div className={shared.head}>
        <SectionHeading>求购详情</SectionHeading>
        <Link to="/pzqg">返回求购记录</Link>
      </div>
      <Panel label="求购进度">
        <StepIndicator
          className={styles.steps}
          labels={['提交求购', '平台处理', last]}
          current={request.status === 'PENDING' ? 2 : 3}
        />
        {request.status === 'PENDING' ? (
          <MessageBar intent="info" layout="multiline" className={styles.note}>
            <MessageBarBody>
              <MessageBarTitle>平台处理中</MessageBarTitle>
              平台采购人员正在联系厂家，有结果后会通过站内消息通知您。
            </MessageBarBody>
          </MessageBar>
        ) : request.status === 'LISTED' ? (
          <MessageBar intent="success" layout="multiline" className={styles.note}>
            <MessageBarBody>
              <MessageBarTitle>已上架</MessageBarTitle>
              {request.answer ? `${request.answer} ` : ''}
              {request.goods ? (
                <Link to={`/list/info/${request.goods.id}`}>
                  去购买：{request.goods.name}
                  {request.goods.spec ? `（${request.goods.spec}）` : ''}
                </Link>
              ) : null}
            </MessageBarBody>
          </MessageBar>
        ) : (
          <MessageBar intent="warning" layout="multiline" className={styles.note}>
            <MessageBarBody>
              <MessageBarTitle>暂无法采购</MessageBarTitle>
              {request.answer}
            </MessageBarBody>
          </MessageBar>
        )}
        <FactList
          layout="columns"
          facts={[
            { label: '求购单号', value: request.id },
            { label: '状态', value: <span className={styles.status}>{request.statusText}</span> },
            { label: '品种名称', value: request.name },
            { label: '规格', value: request.spec },
            { label: '生产厂家', value: request.manufacturer },
            { label: '批准文号', value: request.approvalNumber },
            { label: '求购数量', value: request.quantity },
            { label: '期望单价', value: request.expectedPrice ? <Price money={request.expectedPrice} /> : null },
            { label: '提交时间', value: when(request.createdAt) },
            { label: '答复时间', value: when(request.answeredAt) },
          ]}
        />
      </Panel>
      <Panel title="备注" last>
        <p className={shared.answer}>{request.remark ?? '无'}</p>
      </Panel>
    </>
  );
}
