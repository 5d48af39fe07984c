import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { RowList } from '../../components/RowList';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { MessageKind } from '../../gql/graphql';
import { tabParams, useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTabs } from '../../shared/list-page/ListTabs';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';

export const MessagesPageQuery = graphql(`
  query MessagesPage($kind: MessageKind, $page: Int, $pageSize: Int) {
    me {
      id
      messageCount
      messages(kind: $kind, page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        unread {
          total
          system
          order
          promotion
        }
        items {
          id
          kind
          title
          body
          link
          read
          createdAt
        }
      }
    }
  }
`);

export const MarkMessageReadMutation = graphql(`
  mutation MarkMessageRead($id: ID!) {
    markMessageRead(id: $id) {
      marked
      viewer {
        id
        messageCount
      }
    }
  }
`);

export const MarkAllMessagesReadMutation = graphql(`
  mutation MarkAllMessagesRead($kind: MessageKind) {
    markAllMessagesRead(kind: $kind) {
      marked
      viewer {
        id
        messageCount
      }
    }
  }
`);

const PAGE_SIZE = 10;

const TAB_VALUES = ['all', 'system', 'order', 'promotion'] as const;
type Tab = (typeof TAB_VALUES)[number];
const TABS: Record<Tab, { kind: MessageKind | null; label: string }> = {
  all: { kind: null, label: '全部消息' },
  system: { kind: 'SYSTEM', label: '系统消息' },
  order: { kind: 'ORDER', label: '订单消息' },
  promotion: { kind: 'PROMOTION', label: '优惠活动' },
};
const TAB_PARAMS = tabParams('kind', TAB_VALUES);

const KIND_TEXT: Record<MessageKind, string> = { SYSTEM: '系统', ORDER: '订单', PROMOTION: '优惠' };

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: '8px' },
  item: {
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'start',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 600px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
  },
  dot: {
    width: '8px',
    height: '8px',
    marginTop: '7px',
    borderRadius: '50%',
    backgroundColor: 'transparent',
  },
  // Read by screen readers only: the dot and the weight say "unread" to the eye.
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  unreadDot: { backgroundColor: tokens.colorPaletteRedBackground3 },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
  },
  unreadTitle: { fontWeight: tokens.fontWeightSemibold },
  readTitle: { fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
  body: {
    margin: `${tokens.spacingVerticalXS} 0 0`,
    color: tokens.colorNeutralForeground2,
    lineHeight: tokens.lineHeightBase300,
  },
  link: { color: tokens.colorBrandForeground1, whiteSpace: 'nowrap' },
  meta: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    gap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
    '@media (max-width: 600px)': { gridColumn: '2', flexDirection: 'row', alignItems: 'center' },
  },
});

/** /wdxx (/zhzx_wdxx): the buyer's messages by kind, newest first; reading one lowers the unread count everywhere. */
export default function MessagesPage() {
  const styles = useStyles();
  const location = useLocation();
  const { filter, go } = useListSearch(TAB_PARAMS.read, TAB_PARAMS.write);
  const { kind } = TABS[filter.tab];
  const { data, loading, error } = useQuery(MessagesPageQuery, {
    variables: { kind, page: filter.page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const refetchQueries = [MessagesPageQuery];
  const [markRead] = useMutation(MarkMessageReadMutation, { refetchQueries });
  const [markAll, markingAll] = useMutation(MarkAllMessagesReadMutation, { refetchQueries });

  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const messages = data?.me?.messages;
  const unread = messages?.unread;
  const tabCount = (of: MessageKind | null) =>
    !unread
      ? 0
      : of === null
        ? unread.total
        : of === 'SYSTEM'
          ? unread.system
          : of === 'ORDER'
            ? unread.order
            : unread.promotion;
  const unreadHere = tabCount(kind);

  return (
    <>
      <div className={styles.head}>
        <SectionHeading>我的消息</SectionHeading>
        <Button disabled={!unreadHere || markingAll.loading} onClick={() => void markAll({ variables: { kind } })}>
          全部标为已读
        </Button>
      </div>
      <ListTabs
        label="消息类型"
        tabs={TAB_VALUES.map((value) => {
          const { label, kind: tabKind } = TABS[value];
          const n = tabCount(tabKind);
          return n > 0 ? { value, label, count: n, name: `${label}（${n} 条未读）` } : { value, label };
        })}
        selected={filter.tab}
        onSelect={(tab) => go({ tab })}
      />
      <ListState
        list={messages}
        loading={loading}
        error={error}
        noun="消息"
        empty={{ title: '暂无消息', hint: '订单发货、退款到账、证件到期和优惠活动的通知都会出现在这里。' }}
      >
        {(found) => (
          <RowList
            label="消息列表"
            items={found.items}
            rowClassName={styles.item}
            rowTestId="message"
            render={(m) => (
              <>
                <span className={mergeClasses(styles.dot, !m.read && styles.unreadDot)} aria-hidden />
                <div>
                  <h2 className={mergeClasses(styles.title, m.read ? styles.readTitle : styles.unreadTitle)}>
                    <Badge
                      appearance="outline"
                      color={m.kind === 'PROMOTION' ? 'danger' : m.kind === 'ORDER' ? 'brand' : 'informative'}
                    >
                      {KIND_TEXT[m.kind]}
                    </Badge>
                    {m.title}
                    {m.read ? null : <span className={styles.hidden}>（未读）</span>}
                  </h2>
                  <p className={styles.body}>
                    {m.body}{' '}
                    {m.link ? (
                      <Link
                        className={styles.link}
                        to={m.link}
                        onClick={() => (m.read ? undefined : void markRead({ variables: { id: m.id } }))}
                      >
                        查看详情
                      </Link>
                    ) : null}
                  </p>
                </div>
                <div className={styles.meta}>
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {m.read ? (
                    <span>已读</span>
                  ) : (
                    <Button
                      size="small"
                      appearance="subtle"
                      aria-label={`将“${m.title}”标为已读`}
                      onClick={() => void markRead({ variables: { id: m.id } })}
                    >
                      标为已读
                    </Button>
                  )}
                </div>
              </>
            )}
          />
        )}
      </ListState>
      <ListPager list={messages} page={filter.page} onGo={(page) => go({ page })} unit="条" />
    </>
  );
}
