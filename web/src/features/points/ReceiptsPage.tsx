import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { orderPath } from '../../shared/cart-steps';
import { pageParam } from '../../shared/page-param';
import { loginPath } from '../../shared/redirect';
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
  tableBox: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300, minWidth: '720px' },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'left',
    verticalAlign: 'top',
  },
  goods: { listStyleType: 'none', margin: 0, padding: 0 },
  idCard: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
});

/**
 * /hmdd (/order_hmdd_index; /order_hmdd leads here): the receipt confirmations of the buyer's orders with
 * ephedrine-type goods, the ID card masked as the upstream answers it (WALLET-05).
 */
export default function ReceiptsPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const page = pageParam(params.get('page'));
  const { data, loading, error } = useQuery(ReceiptsPageQuery, {
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const cell = styles.cell;
  return (
    <>
      <SectionHeading>含麻订单</SectionHeading>
      <p className={styles.note}>
        含麻黄碱类药品的订单需登记收货人身份信息，以下为已登记的记录；身份证号仅显示前 6 位和后 4 位。
      </p>
      <ListStates
        list={data?.me?.orderReceipts}
        loading={loading}
        error={error}
        loadingTitle="正在加载含麻订单…"
        failedTitle="含麻订单暂时无法加载"
        emptyTitle="暂无含麻订单"
        emptyHint="购买含麻黄碱类药品并在下单时登记收货人信息后，记录会显示在这里"
      >
        {(receipts) => (
          <>
            <div className={styles.tableBox}>
              <table className={styles.table} aria-label="含麻订单登记记录">
                <thead>
                  <tr>
                    <th className={cell}>订单号</th>
                    <th className={cell}>含麻商品</th>
                    <th className={cell}>下单时间</th>
                    <th className={cell}>收货人</th>
                    <th className={cell}>身份证号</th>
                    <th className={cell}>登记时间</th>
                  </tr>
                </thead>
                <tbody>
                  {receipts.items.map((r) => (
                    <tr key={r.orderId}>
                      <td className={cell}>
                        <Link to={orderPath(r.orderId)} aria-label={`查看订单 ${r.orderSn}`}>
                          {r.orderSn}
                        </Link>
                      </td>
                      <td className={cell}>
                        <ul className={styles.goods}>
                          {r.goods.map((g, i) => (
                            <li key={i}>
                              {g.name} {g.spec} × {g.quantity}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className={cell}>{formatDateTime(r.orderCreatedAt)}</td>
                      <td className={cell}>{r.name}</td>
                      <td className={mergeClasses(cell, styles.idCard)}>{r.idCardMasked}</td>
                      <td className={cell}>{formatDateTime(r.confirmedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              total={receipts.total}
              pageSize={receipts.pageSize}
              onGo={(next) => void navigate({ search: next > 1 ? `?page=${next}` : '' })}
            />
          </>
        )}
      </ListStates>
    </>
  );
}
