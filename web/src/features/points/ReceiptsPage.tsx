import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { LoginRedirect } from '../../shared/navigate';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { orderPath } from '../../shared/cart-steps';
import { pageOnly } from '../../shared/list-page/list-search';
import { useMeList } from '../../shared/list-page/me-list';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTable, type ListColumn } from '../../shared/list-page/ListTable';
import { formatDateTime } from '../../shared/time';

export const ReceiptsPageQuery = graphql(`
  query ReceiptsPage($page: Int, $pageSize: Int) {
    me {
      id
      orderReceipts(page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          orderId
          orderSn
          orderCreatedAt
          name
          idCardMasked
          confirmedAt
          goods {
            name
            spec
            quantity
          }
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  note: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground3 },
  goods: { listStyleType: 'none', margin: 0, padding: 0 },
  idCard: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
});

type Receipt = NonNullable<ReturnType<typeof useReceipts>['list']>['items'][number];

function useReceipts() {
  return useMeList(
    ReceiptsPageQuery,
    pageOnly,
    ({ page }) => ({ page, pageSize: PAGE_SIZE }),
    (me) => me.orderReceipts,
  );
}

/**
 * /hmdd (/order_hmdd_index; /order_hmdd leads here): the receipt confirmations of the buyer's orders with
 * ephedrine-type goods, the ID card masked as the upstream answers it (WALLET-05).
 */
export default function ReceiptsPage() {
  const styles = useStyles();
  const { filter, go, signedOut, list: receipts, loading, error } = useReceipts();
  if (signedOut) return <LoginRedirect />;
  const columns: readonly ListColumn<Receipt>[] = [
    {
      head: '订单号',
      render: (r) => (
        <Link to={orderPath(r.orderId)} aria-label={`查看订单 ${r.orderSn}`}>
          {r.orderSn}
        </Link>
      ),
    },
    {
      head: '含麻商品',
      render: (r) => (
        <ul className={styles.goods}>
          {r.goods.map((g, i) => (
            <li key={i}>
              {g.name} {g.spec} × {g.quantity}
            </li>
          ))}
        </ul>
      ),
    },
    { head: '下单时间', render: (r) => formatDateTime(r.orderCreatedAt) },
    { head: '收货人', render: (r) => r.name },
    { head: '身份证号', className: styles.idCard, render: (r) => r.idCardMasked },
    { head: '登记时间', render: (r) => formatDateTime(r.confirmedAt) },
  ];
  return (
    <>
      <SectionHeading>含麻订单</SectionHeading>
      <p className={styles.note}>
        含麻黄碱类药品的订单需登记收货人身份信息，以下为已登记的记录；身份证号仅显示前 6 位和后 4 位。
      </p>
      <ListState
        list={receipts}
        loading={loading}
        error={error}
        noun="含麻订单"
        empty={{ title: '暂无含麻订单', hint: '购买含麻黄碱类药品并在下单时登记收货人信息后，记录会显示在这里' }}
      >
        {(list) => (
          <>
            <ListTable
              label="含麻订单登记记录"
              columns={columns}
              items={list.items}
              rowKey={(r) => r.orderId}
              alignTop
            />
            <ListPager list={list} page={filter.page} onGo={(page) => go({ page })} />
          </>
        )}
      </ListState>
    </>
  );
}
