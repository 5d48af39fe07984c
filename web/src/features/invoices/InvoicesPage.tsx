import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { InvoiceState } from '../../gql/graphql';
import { orderPath } from '../../shared/cart-steps';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { invoiceSearch, ORDER_SN_MAX, readInvoiceFilter, type InvoiceFilter } from './invoice-filter';

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

const TABS: readonly { value: string; state: InvoiceState | null; label: string }[] = [
  { value: 'all', state: null, label: '全部' },
  { value: 'PENDING', state: 'PENDING', label: '开票中' },
  { value: 'ISSUED', state: 'ISSUED', label: '已开票' },
  { value: 'REVERSED', state: 'REVERSED', label: '已红冲' },
];

const BADGE: Record<InvoiceState, 'warning' | 'success' | 'danger'> = {
  PENDING: 'warning',
  ISSUED: 'success',
  REVERSED: 'danger',
};

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalS, overflowX: 'auto' },
  search: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
  },
  searchField: { width: '260px', maxWidth: '100%' },
  note: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    margin: `0 0 ${tokens.spacingVerticalS}`,
  },
  tableBox: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: tokens.fontSizeBase300,
    minWidth: '720px',
    [PHONE]: { minWidth: 0, display: 'block' },
  },
  // On a phone each invoice is a small card: order and state, amount and dates, then the invoice and its download.
  thead: { [PHONE]: { display: 'none' } },
  tbody: { [PHONE]: { display: 'block' } },
  row: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"order state" "title amount" "invoice invoice" "date action"',
      rowGap: tokens.spacingVerticalXS,
      columnGap: tokens.spacingHorizontalM,
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    },
  },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'left',
    verticalAlign: 'top',
    [PHONE]: { display: 'block', padding: 0, borderBottom: 'none' },
  },
  order: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'order' } },
  title: { [PHONE]: { gridArea: 'title', color: tokens.colorNeutralForeground2 } },
  kind: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  invoice: { [PHONE]: { gridArea: 'invoice', color: tokens.colorNeutralForeground2 } },
  code: { display: 'block', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  amount: { textAlign: 'right', whiteSpace: 'nowrap', [PHONE]: { gridArea: 'amount' } },
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form className={styles.search} role="search" aria-label="按订单号查找发票" onSubmit={submit}>
      <Field label="订单号" className={styles.searchField}>
        <Input
          value={typed}
          maxLength={ORDER_SN_MAX}
          placeholder="输入订单号（从开头起）"
          onChange={(_e, d) => setTyped(d.value)}
        />
      </Field>
      <Button type="submit" appearance="primary">
        查询
      </Button>
      {initial !== '' ? <Button onClick={() => onSearch('')}>清除</Button> : null}
    </form>
  );
}

/** /dzfp (/zzfw_dzfp): the buyer's e-invoices, one per paid order, with their PDFs once issued (INVOICE-08). */
export default function InvoicesPage() {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = readInvoiceFilter(params);
  const { data, loading, error } = useQuery(InvoicesPageQuery, {
    variables: {
      state: filter.state,
      orderSn: filter.orderSn === '' ? null : filter.orderSn,
      page: filter.page,
      pageSize: PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
  });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const invoices = data?.me?.invoices;
  const go = (change: Partial<InvoiceFilter>) => void navigate({ search: invoiceSearch({ ...filter, ...change }) });
  const filtered = filter.state !== null || filter.orderSn !== '';
  const cell = styles.cell;

  return (
    <>
      <SectionHeading>电子发票</SectionHeading>
      <p className={styles.note}>
        订单付款后即进入开票流程（开票中），平台开具后可下载 PDF 版电子发票；订单全额退款后发票将红冲作废。
      </p>
      <TabList
        className={styles.tabs}
        selectedValue={filter.state ?? 'all'}
        onTabSelect={(_e, d) => go({ state: TABS.find((t) => t.value === d.value)?.state ?? null, page: 1 })}
        aria-label="发票状态"
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      <OrderSnSearch key={filter.orderSn} initial={filter.orderSn} onSearch={(orderSn) => go({ orderSn, page: 1 })} />
      {!invoices ? (
        <EmptyState title={loading && !error ? '正在加载电子发票…' : '电子发票暂时无法加载'}>
          {loading && !error ? null : '请稍后刷新页面重试'}
        </EmptyState>
      ) : invoices.items.length === 0 ? (
        <EmptyState title={filtered ? '没有符合条件的发票' : '暂无电子发票'}>
          {filtered ? '换个状态或订单号试试。' : '订单付款后，这里会出现它的电子发票，开具后即可下载 PDF。'}
        </EmptyState>
      ) : (
        <div className={styles.tableBox}>
          <table className={styles.table} aria-label="电子发票列表">
            <thead className={styles.thead}>
              <tr>
                <th className={cell}>订单号</th>
                <th className={cell}>发票抬头</th>
                <th className={cell}>发票代码 / 号码</th>
                <th className={mergeClasses(cell, styles.amount)}>金额</th>
                <th className={cell}>状态</th>
                <th className={cell}>开票日期</th>
                <th className={cell}>操作</th>
              </tr>
            </thead>
            <tbody className={styles.tbody}>
              {invoices.items.map((inv) => (
                <tr key={inv.id} className={styles.row} data-testid="invoice">
                  <td className={mergeClasses(cell, styles.order)}>
                    <Link className={styles.link} to={orderPath(inv.orderId)} aria-label={`查看订单 ${inv.orderSn}`}>
                      {inv.orderSn}
                    </Link>
                  </td>
                  <td className={mergeClasses(cell, styles.title)}>
                    {inv.title}
                    <span className={styles.kind}>{inv.kindText}</span>
                  </td>
                  <td className={mergeClasses(cell, styles.invoice)}>
                    {inv.code !== null && inv.number !== null ? (
                      <>
                        <span className={styles.code}>代码 {inv.code}</span>
                        <span className={styles.code}>号码 {inv.number}</span>
                      </>
                    ) : (
                      <span className={styles.muted}>开具后生成</span>
                    )}
                  </td>
                  <td className={mergeClasses(cell, styles.amount)}>
                    <Price money={inv.amount} />
                  </td>
                  <td className={mergeClasses(cell, styles.state)}>
                    <Badge appearance="tint" color={BADGE[inv.state]}>
                      {inv.stateText}
                    </Badge>
                  </td>
                  <td className={mergeClasses(cell, styles.date)}>
                    {inv.issuedAt !== null ? (
                      <time dateTime={inv.issuedAt}>{formatDateTime(inv.issuedAt).slice(0, 10)}</time>
                    ) : (
                      <span className={styles.muted}>—</span>
                    )}
                  </td>
                  <td className={mergeClasses(cell, styles.action)}>
                    {inv.pdfUrl !== null && inv.number !== null ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {invoices ? (
        <Pager
          page={filter.page}
          total={invoices.total}
          pageSize={invoices.pageSize}
          onGo={(page) => go({ page })}
          note={`（共 ${invoices.total} 张）`}
        />
      ) : null}
    </>
  );
}
