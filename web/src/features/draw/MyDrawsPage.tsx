import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { LoginRedirect } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { pageOnly } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { useMeList } from '../../shared/list-page/me-list';
import { formatDateTime } from '../../shared/time';

export const MyDrawsQuery = graphql(`
  query MyDraws($page: Int, $pageSize: Int) {
    me {
      id
      drawRecords(page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          id
          ...DrawResult_record
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: '8px',
  },
  record: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr) auto',
    gap: '4px 16px',
    alignItems: 'center',
    padding: '12px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  consolation: { borderLeftColor: tokens.colorNeutralStroke1 },
  draw: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  prize: { margin: 0, color: tokens.colorBrandForeground1 },
  noWin: { color: tokens.colorNeutralForeground2 },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
});

/** /user/draw (我的抽奖): every draw the buyer made, newest first, with what it gave. */
export default function MyDrawsPage() {
  const styles = useStyles();
  // A draw made a moment ago, in the pop-up or another tab, must be listed.
  const {
    filter,
    go,
    signedOut,
    list: records,
    loading,
  } = useMeList(
    MyDrawsQuery,
    pageOnly,
    ({ page }) => ({ page, pageSize: PAGE_SIZE }),
    (me) => me.drawRecords,
  );
  if (signedOut) return <LoginRedirect />;
  return (
    <>
      <SectionHeading>我的抽奖</SectionHeading>
      {!records ? (
        <EmptyState title={loading ? '正在加载抽奖记录…' : '抽奖记录暂时无法加载'} />
      ) : records.items.length === 0 ? (
        <EmptyState title="您还没有抽奖记录">
          <Link to="/">去首页看看正在进行的抽奖活动</Link>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="抽奖记录">
          {records.items.map((record) => (
            <li key={record.id} className={mergeClasses(styles.record, !record.prize.isWin && styles.consolation)}>
              <Link className={styles.draw} to={`/draw/${encodeURIComponent(record.drawId)}`}>
                {record.drawName}
              </Link>
              <p className={mergeClasses(styles.prize, !record.prize.isWin && styles.noWin)}>
                {record.prize.isWin
                  ? `奖品：${record.prize.name}${record.prize.remarks ? `（${record.prize.remarks}）` : ''}`
                  : '未中奖'}
              </p>
              <span className={styles.time}>
                <span className="visually-hidden">抽奖时间：</span>
                {formatDateTime(record.drawnAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListPager list={records} page={filter.page} onGo={(page) => go({ page })} unit="条记录" />
    </>
  );
}
