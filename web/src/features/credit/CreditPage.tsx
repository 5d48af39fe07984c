import { useQuery } from '@apollo/client/react';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { CreditPageQuery as CreditAnswer } from '../../gql/graphql';
import { ListTable, type ListColumn } from '../../shared/list-page/ListTable';
import { formatPrice } from '../../shared/money';
import { Navigate } from '../../shared/navigate';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { CreditStatementBar } from './CreditStatementBar';
import { RepaymentPanel } from './RepaymentPanel';

export const CreditPageQuery = graphql(`
  query CreditPage {
    me {
      id
      credit {
        line {
          limit {
            fen
            amount
          }
          termDays
          used {
            fen
            amount
          }
          available {
            fen
            amount
          }
          overdue {
            fen
            amount
          }
          overdueSince
          nextDueDate
          nextDueAmount {
            fen
            amount
          }
        }
        charges {
          id
          orderId
          orderSn
          amount {
            fen
            amount
          }
          refunded {
            fen
            amount
          }
          outstanding {
            fen
            amount
          }
          dueDate
          createdAt
        }
        repayments {
          id
          amount {
            fen
            amount
          }
          status
          statusText
          payerName
          rejectReason
          createdAt
        }
        bankAccount {
          name
          bank
          accountNumber
        }
      }
    }
  }
`);

type Credit = NonNullable<CreditAnswer['me']>['credit'];
type Charge = Credit['charges'][number];
type Repayment = Credit['repayments'][number];

const useStyles = makeStyles({
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
  bar: { marginBottom: tokens.spacingVerticalM },
  big: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const CHARGE_COLUMNS: readonly ListColumn<Charge>[] = [
  { head: '订单号', render: (c) => <Link to={`/order/info/${c.orderId}`}>{c.orderSn}</Link> },
  { head: '支付时间', render: (c) => formatDateTime(c.createdAt), phoneLabel: '支付 ' },
  { head: '账期金额', number: true, render: (c) => formatPrice(c.amount), phoneLabel: '账期金额 ' },
  { head: '已退款', number: true, render: (c) => formatPrice(c.refunded), phoneLabel: '已退款 ' },
  { head: '待还', number: true, render: (c) => formatPrice(c.outstanding), phoneLabel: '待还 ' },
  { head: '到期日', render: (c) => c.dueDate, phoneLabel: '到期日 ' },
];

const REPAYMENT_COLUMNS: readonly ListColumn<Repayment>[] = [
  { head: '提交时间', render: (r) => formatDateTime(r.createdAt) },
  { head: '还款金额', number: true, render: (r) => formatPrice(r.amount), phoneLabel: '还款金额 ' },
  { head: '付款户名', render: (r) => r.payerName ?? '—', phoneLabel: '付款户名 ' },
  {
    head: '状态',
    render: (r) => (r.rejectReason ? `${r.statusText}（${r.rejectReason}）` : r.statusText),
    phoneLabel: '状态 ',
  },
];

/**
 * 账期 (/wdqb/zq, CREDIT-02..CREDIT-08): the company's credit line, what is used and available, the next due date and
 * anything overdue, the credit orders and repayments, how to repay, and the month's statement.
 */
export default function CreditPage() {
  const styles = useStyles();
  const location = useLocation();
  const { data, loading, refetch } = useQuery(CreditPageQuery, { fetchPolicy: 'cache-and-network' });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const credit = data?.me?.credit;
  if (!credit) return <EmptyState title={loading ? '正在加载账期…' : '账期信息暂时无法加载，请刷新页面'} />;
  const { line } = credit;
  if (!line) {
    return (
      <>
        <SectionHeading>账期</SectionHeading>
        <EmptyState title="贵公司尚未开通账期">开通账期（授信额度与账期天数）请联系平台客服。</EmptyState>
      </>
    );
  }
  return (
    <>
      <SectionHeading>账期</SectionHeading>
      {line.overdue.fen > 0 ? (
        <MessageBar intent="error" layout="multiline" className={styles.bar}>
          <MessageBarBody>
            <MessageBarTitle>账期已逾期</MessageBarTitle>
            逾期欠款 {formatPrice(line.overdue)}（{line.overdueSince} 起），还清前暂停账期支付。请按下方说明转账还款。
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <Panel title="授信额度">
        <FactList
          layout="columns"
          facts={[
            { label: '授信额度', value: <span className={styles.big}>{formatPrice(line.limit)}</span> },
            { label: '已用额度', value: formatPrice(line.used) },
            { label: '可用额度', value: <span className={styles.big}>{formatPrice(line.available)}</span> },
            { label: '账期天数', value: `${line.termDays}天` },
            {
              label: '下一还款日',
              value: line.nextDueDate ? `${line.nextDueDate}（应还 ${formatPrice(line.nextDueAmount)}）` : '暂无',
            },
            {
              label: '逾期金额',
              value: (
                <span className={line.overdue.fen > 0 ? styles.overdue : undefined}>{formatPrice(line.overdue)}</span>
              ),
            },
          ]}
        />
      </Panel>
      <Panel title="账期订单">
        <ListTable
          label="账期订单"
          columns={CHARGE_COLUMNS}
          items={credit.charges}
          rowKey={(c) => c.id}
          cards
          emptyRow="还没有使用账期支付的订单"
        />
      </Panel>
      <Panel title="还款记录">
        <ListTable
          label="还款记录"
          narrow
          columns={REPAYMENT_COLUMNS}
          items={credit.repayments}
          rowKey={(r) => r.id}
          cards
          emptyRow="还没有还款记录"
        />
      </Panel>
      <Panel title="对账单">
        <p className={styles.intro}>按月列出账期订单、售后退款和已到账的还款，以及期初、期末欠款。</p>
        <CreditStatementBar />
      </Panel>
      <RepaymentPanel
        owed={line.used.fen}
        owedText={formatPrice(line.used)}
        bankAccount={credit.bankAccount}
        onReported={() => void refetch()}
      />
    </>
  );
}
