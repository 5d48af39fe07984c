import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoginRedirect } from '../../shared/navigate';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { InvoiceState } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { ListFilters } from '../../shared/list-page/ListFilters';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTable, type ListColumn } from '../../shared/list-page/ListTable';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { SearchField } from '../../shared/list-page/SearchField';
import { useMeList } from '../../shared/list-page/me-list';
import { formatDateTime } from '../../shared/time';
import { invoiceSearch, ORDER_SN_MAX, readInvoiceFilter } from './invoice-filter';

export const InvoicesPageQuery = graphql(`
  query InvoicesPage($state: InvoiceState, $orderSn: String, $page: Int, $pageSize: Int) {
    me {
      id
      invoices(state: $state, orderSn: $orderSn, page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          id
          orderId
          orderSn
          state
          stateText
          kindText
          title
          amount {
            ...Price_money
          }
          code
          number
          paidAt
          issuedAt
          pdfUrl
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;
const PHONE = '@media (max-width: 600px)';

type Tab = 'all' | InvoiceState;
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'PENDING', label: '开票中' },
  { value: 'ISSUED', label: '已开票' },
  { value: 'REVERSED', label: '已红冲' },
];

const BADGE: Record<InvoiceState, 'warning' | 'success' | 'danger'> = {
  PENDING: 'warning',
  ISSUED: 'success',
  REVERSED: 'danger',
};

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalS },
  searchField: { flexGrow: 0, width: '260px', maxWidth: '100%' },
  note: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    margin: `0 0 ${tokens.spacingVerticalS}`,
  },
  // On a phone each invoice is a small card: order and state, amount and dates, then the invoice and its download.
  row: {
    [PHONE]: {
      gridTemplateAreas: '"order state" "title amount" "invoice invoice" "date action"',
      rowGap: tokens.spacingVerticalXS,
    },
  },
  order: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'order' } },
  title: { [PHONE]: { gridArea: 'title', color: tokens.colorNeutralForeground2 } },
  kind: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  invoice: { [PHONE]: { gridArea: 'invoice', color: tokens.colorNeutralForeground2 } },
  code: { display: 'block', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  amount: { [PHONE]: { gridArea: 'amount' } },
  state: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'state', textAlign: 'right' } },
  date: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'date', color: tokens.colorNeutralForeground3 } },
  action: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'action', textAlign: 'right' } },
  muted: { color: tokens.colorNeutralForeground3 },
  link: { color: tokens.colorBrandForeground1 },
});

/** The order-number search; it starts from the address's search and is drawn anew when the address changes. */
function OrderSnSearch({ initial, onSearch }: { initial: string; onSearch: (orderSn: string) => void }) {
  const styles = useStyles();
  const [typed, setTyped] = useState(initial);
  return (
    <ListFilters
      label="按订单号查找发票"
      search
      onSubmit={() => onSearch(typed.trim())}
      reset={initial !== '' ? { label: '清除', onClick: () => onSearch('') } : undefined}
    >
      <SearchField
        label="订单号"
        className={styles.searchField}
        maxLength={ORDER_SN_MAX}
        placeholder="输入订单号（从开头起）"
        typed={[typed, setTyped]}
      />
    </ListFilters>
  );
}

type Invoice = NonNullable<ReturnType<typeof useInvoices>['list']>['items'][number];

function useInvoiceColumns(): readonly ListColumn<Invoice>[] {
  const styles = useStyles();
  return [
    {
      head: '订单号',
      className: styles.order,
      render: (inv) => (
        <Link className={styles.link} to={orderPath(inv.orderId)} aria-label={`查看订单 ${inv.orderSn}`}>
          {inv.orderSn}
        </Link>
      ),
    },
    {
      head: '发票抬头',
      className: styles.title,
      render: (inv) => (
        <>
          {inv.title}
          <span className={styles.kind}>{inv.kindText}</span>
        </>
      ),
    },
    {
      head: '发票代码 / 号码',
      className: styles.invoice,
      render: (inv) =>
        inv.code !== null && inv.number !== null ? (
          <>
            <span className={styles.code}>代码 {inv.code}</span>
            <span className={styles.code}>号码 {inv.number}</span>
          </>
        ) : (
          <span className={styles.muted}>开具后生成</span>
        ),
    },
    { head: '金额', number: true, className: styles.amount, render: (inv) => <Price money={inv.amount} /> },
    {
      head: '状态',
      className: styles.state,
      render: (inv) => (
        <Badge appearance="tint" color={BADGE[inv.state]}>
          {inv.stateText}
        </Badge>
      ),
    },
    {
      head: '开票日期',
      className: styles.date,
      render: (inv) =>
        inv.issuedAt !== null ? (
          <time dateTime={inv.issuedAt}>{formatDateTime(inv.issuedAt).slice(0, 10)}</time>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    {
      head: '操作',
      className: styles.action,
      render: (inv) =>
        inv.pdfUrl !== null && inv.number !== null ? (
          <a
            className={styles.link}
            href={inv.pdfUrl}
            download
            aria-label={`下载电子发票 ${inv.number}（订单 ${inv.orderSn}）的 PDF`}
          >
            下载 PDF
          </a>
        ) : (
          <span className={styles.muted}>开票中，暂无 PDF</span>
        ),
    },
  ];
}

/** The invoices the address asks for (INVOICE-08), and the way to another state, search or page. */
function useInvoices() {
  return useMeList(
    InvoicesPageQuery,
    { read: readInvoiceFilter, write: invoiceSearch },
    (filter) => ({
      state: filter.state,
      orderSn: filter.orderSn === '' ? null : filter.orderSn,
      page: filter.page,
      pageSize: PAGE_SIZE,
    }),
    (me) => me.invoices,
  );
}

/** /dzfp (/zzfw_dzfp): the buyer's e-invoices, one per paid order, with their PDFs once issued (INVOICE-08). */
export default function InvoicesPage() {
  const styles = useStyles();
  const { filter, go, signedOut, list: invoices, loading, error } = useInvoices();
  const columns = useInvoiceColumns();
  if (signedOut) return <LoginRedirect />;
  const filtered = filter.state !== null || filter.orderSn !== '';

  return (
    <>
      <SectionHeading>电子发票</SectionHeading>
      <p className={styles.note}>
        订单付款后即进入开票流程（开票中），平台开具后可下载 PDF 版电子发票；订单全额退款后发票将红冲作废。
      </p>
      <ListTabs
        className={styles.tabs}
        label="发票状态"
        tabs={TABS}
        selected={filter.state ?? 'all'}
        onSelect={(tab) => go({ state: tab === 'all' ? null : tab })}
      />
      <OrderSnSearch key={filter.orderSn} initial={filter.orderSn} onSearch={(orderSn) => go({ orderSn })} />
      <ListState
        list={invoices}
        loading={loading}
        error={error}
        noun="电子发票"
        empty={{
          title: filtered ? '没有符合条件的发票' : '暂无电子发票',
          hint: filtered ? '换个状态或订单号试试。' : '订单付款后，这里会出现它的电子发票，开具后即可下载 PDF。',
        }}
      >
        {(list) => (
          <ListTable
            label="电子发票列表"
            columns={columns}
            items={list.items}
            rowKey={(inv) => inv.id}
            cards
            alignTop
            rowClassName={styles.row}
            rowTestId="invoice"
          />
        )}
      </ListState>
      <ListPager list={invoices} page={filter.page} onGo={(page) => go({ page })} unit="张" />
    </>
  );
}
