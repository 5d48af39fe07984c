import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { MessageKind } from '../../gql/graphql';
import { pageParam } from '../../shared/page-param';
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

const TABS: readonly { value: string; kind: MessageKind | null; label: string }[] = [
  { value: 'all', kind: null, label: '全部消息' },
  { value: 'system', kind: 'SYSTEM', label: '系统消息' },
  { value: 'order', kind: 'ORDER', label: '订单消息' },
  { value: 'promotion', kind: 'PROMOTION', label: '优惠活动' },
];

const KIND_TEXT: Record<MessageKind, string> = { SYSTEM: '系统', ORDER: '订单', PROMOTION: '优惠' };

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: '8px' },
  tabs: { marginBottom: tokens.spacingVerticalM, overflowX: 'auto' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = TABS.find((t) => t.value === params.get('kind')) ?? TABS[0];
  const page = pageParam(params.get('page'));
  const { data, loading } = useQuery(MessagesPageQuery, {
    variables: { kind: tab?.kind ?? null, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const refetchQueries = [MessagesPageQuery];
  const [markRead] = useMutation(MarkMessageReadMutation, { refetchQueries });
  const [markAll, markingAll] = useMutation(MarkAllMessagesReadMutation, { refetchQueries });

  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const messages = data?.me?.messages;
  const go = (kind: string, next: number) => {
    const search = new URLSearchParams();
    if (kind !== 'all') search.set('kind', kind);
    if (next > 1) search.set('page', String(next));
    void navigate({ search: search.toString() });
  };
  const unread = messages?.unread;
  const tabCount = (kind: MessageKind | null) =>
    !unread
      ? 0
      : kind === null
        ? unread.total
        : kind === 'SYSTEM'
          ? unread.system
          : kind === 'ORDER'
            ? unread.order
            : unread.promotion;
  const unreadHere = tabCount(tab?.kind ?? null);

  return (
    <>
      <div className={styles.head}>
        <SectionHeading>我的消息</SectionHeading>
        <Button
          disabled={!unreadHere || markingAll.loading}
          onClick={() => void markAll({ variables: { kind: tab?.kind ?? null } })}
        >
          全部标为已读
        </Button>
      </div>
      <TabList
        className={styles.tabs}
        selectedValue={tab?.value}
        onTabSelect={(_e, d) => go(String(d.value), 1)}
        aria-label="消息类型"
      >
        {TABS.map((t) => {
          const n = tabCount(t.kind);
          return (
            <Tab key={t.value} value={t.value} aria-label={n > 0 ? `${t.label}（${n} 条未读）` : t.label}>
              {t.label}
              {n > 0 ? ` (${n})` : ''}
            </Tab>
          );
        })}
      </TabList>
      {!messages ? (
        <EmptyState title={loading ? '正在加载消息…' : '消息暂时无法加载'} />
      ) : messages.items.length === 0 ? (
        <EmptyState title="暂无消息">订单发货、退款到账、证件到期和优惠活动的通知都会出现在这里。</EmptyState>
      ) : (
        <ul className={styles.list} aria-label="消息列表">
          {messages.items.map((m) => (
            <li key={m.id} className={styles.item} data-testid="message">
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
            </li>
          ))}
        </ul>
      )}
      {messages ? (
        <Pager
          page={page}
          total={messages.total}
          pageSize={messages.pageSize}
          onGo={(next) => go(tab?.value ?? 'all', next)}
          note={`（共 ${messages.total} 条）`}
        />
      ) : null}
    </>
  );
}
