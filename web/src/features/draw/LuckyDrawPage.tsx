import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { DrawResult_RecordFragment, LuckyDrawPageQuery as LuckyDrawPageData } from '../../gql/graphql';
import { drawResultText, drawStatusText } from './lucky-draw';
import { usePageTitle } from '../../shared/page-title';
import { preloadAll } from '../../shared/preload';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { useViewer } from '../../shared/viewer';
import { PrizeList } from './PrizeList';
import { useLuckyDrawing } from './use-draw';
import { marketTokens } from '../../theme/theme';

export const LuckyDrawPageQuery = graphql(`
  query LuckyDrawPage($id: ID!) {
    luckyDraw(id: $id) {
      id
      name
      rules
      startsAt
      endsAt
      status
      joined
      prizes {
        id
        ...PrizeList_prize
      }
      myResult {
        id
        ...DrawResult_record
      }
      recentWins {
        maskedName
        prizeName
        drawnAt
      }
    }
  }
`);

type Draw = NonNullable<LuckyDrawPageData['luckyDraw']>;

/** Route loader: the draw, so the page arrives with it. */
export function preload(client: ApolloClient, id: string | undefined): Promise<null> {
  return preloadAll(id ? client.query({ query: LuckyDrawPageQuery, variables: { id }, errorPolicy: 'all' }) : null);
}

const useStyles = makeStyles({
  head: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: '8px 24px',
    alignItems: 'center',
    padding: '20px 24px',
    marginBottom: '12px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground}, ${marketTokens.colorBrandGradientEnd})`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr', padding: '16px' },
  },
  titleRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  state: {
    padding: '0 8px',
    lineHeight: '22px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusSmall,
  },
  stateIdle: { color: tokens.colorNeutralForeground2 },
  period: { margin: '6px 0 0', fontSize: tokens.fontSizeBase300 },
  action: { display: 'grid', gap: '8px', justifyItems: 'end', '@media (max-width: 600px)': { justifyItems: 'start' } },
  drawButton: { minWidth: '160px' },
  loginLink: {
    display: 'inline-block',
    padding: '6px 20px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
  note: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  status: { color: tokens.colorNeutralForegroundOnBrand, minHeight: '1px' },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: '12px',
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  section: {
    display: 'grid',
    gap: '12px',
    padding: '16px',
    marginBottom: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: {
    margin: 0,
    paddingLeft: '10px',
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
  },
  missing: { marginBottom: '12px' },
  rules: { margin: 0, whiteSpace: 'pre-line', lineHeight: tokens.lineHeightBase400 },
  result: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  consolation: { color: tokens.colorNeutralForeground2 },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  wins: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    maxHeight: '360px',
    overflowY: 'auto',
  },
  win: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: '2px 12px',
    padding: '8px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  winWho: { color: tokens.colorNeutralForeground1 },
  winPrize: { color: tokens.colorBrandForeground1 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

function ResultText({ record }: { record: DrawResult_RecordFragment }) {
  const styles = useStyles();
  return (
    <p className={mergeClasses(styles.result, !record.prize.isWin && styles.consolation)}>
      {drawResultText(record.prize)}
    </p>
  );
}

/** The head's right side: what the buyer can do in this draw now. */
function DrawAction({ draw }: { draw: Draw }) {
  const styles = useStyles();
  const viewer = useViewer();
  const location = useLocation();
  const { phase, start } = useLuckyDrawing(draw.id);

  if (draw.status === 'UPCOMING') return <p className={styles.note}>活动尚未开始，敬请期待</p>;
  if (draw.status === 'ENDED' && phase.kind === 'ready') return <p className={styles.note}>活动已结束</p>;
  // Until the shell knows who is browsing, a member is not shown the visitor's button.
  if (!viewer.known) return null;
  if (!viewer.signedIn) {
    return (
      <Link className={styles.loginLink} to={loginPath(location)}>
        登录后抽奖
      </Link>
    );
  }
  if (draw.joined && phase.kind === 'ready') return <p className={styles.note}>您已参与本次抽奖</p>;
  return (
    <>
      {phase.kind === 'done' ? null : (
        <Button
          className={styles.drawButton}
          appearance="secondary"
          size="large"
          disabledFocusable={phase.kind === 'drawing'}
          onClick={() => void start()}
        >
          立即抽奖
        </Button>
      )}
      <div className={styles.status} role="status" aria-live="polite">
        {phase.kind === 'drawing' ? (
          <Spinner appearance="inverted" size="tiny" label="正在抽奖…" />
        ) : phase.kind === 'done' ? (
          <p className={styles.note}>{drawResultText(phase.record.prize)}</p>
        ) : null}
      </div>
    </>
  );
}

function DrawDetail({ id }: { id: string }) {
  const styles = useStyles();
  const { data, loading, error } = useQuery(LuckyDrawPageQuery, { variables: { id }, errorPolicy: 'all' });
  const draw = data?.luckyDraw;
  usePageTitle(draw?.name ?? '抽奖活动');

  if (!draw) {
    if (loading) return <EmptyState title="抽奖活动加载中" />;
    return (
      <>
        <h1 className={mergeClasses(styles.heading, styles.missing)}>
          {error ? '抽奖活动暂时无法加载' : '抽奖活动不存在'}
        </h1>
        <EmptyState title={error ? '请稍后刷新页面重试' : '该抽奖活动不存在或已下线'}>
          <Link to="/">返回首页</Link>
        </EmptyState>
      </>
    );
  }
  const running = draw.status === 'RUNNING';
  return (
    <>
      <section className={styles.head} aria-labelledby="draw-title">
        <div>
          <div className={styles.titleRow}>
            <h1 className={styles.title} id="draw-title">
              {draw.name}
            </h1>
            <span className={mergeClasses(styles.state, !running && styles.stateIdle)}>
              {drawStatusText(draw.status)}
            </span>
          </div>
          <p className={styles.period}>
            活动时间：{formatDateTime(draw.startsAt)} 至 {formatDateTime(draw.endsAt)}
          </p>
        </div>
        <div className={styles.action}>
          <DrawAction key={draw.id} draw={draw} />
        </div>
      </section>
      <div className={styles.layout}>
        <div>
          {draw.myResult ? (
            <section className={styles.section} aria-labelledby="draw-mine">
              <h2 className={styles.heading} id="draw-mine">
                我的抽奖结果
              </h2>
              <ResultText record={draw.myResult} />
              <p className={styles.meta}>
                抽奖时间：{formatDateTime(draw.myResult.drawnAt)} · <Link to="/user/draw">查看我的抽奖记录</Link>
              </p>
            </section>
          ) : null}
          <section className={styles.section} aria-labelledby="draw-prizes">
            <h2 className={styles.heading} id="draw-prizes">
              奖品设置
            </h2>
            <PrizeList prizes={draw.prizes} label="活动奖品" />
          </section>
          <section className={styles.section} aria-labelledby="draw-rules">
            <h2 className={styles.heading} id="draw-rules">
              活动规则
            </h2>
            <p className={styles.rules}>{draw.rules || '暂无活动规则'}</p>
          </section>
        </div>
        <section className={styles.section} aria-labelledby="draw-wins">
          <h2 className={styles.heading} id="draw-wins">
            中奖名单
          </h2>
          {draw.recentWins.length === 0 ? (
            <p className={styles.empty}>暂无中奖记录，快来试试手气吧</p>
          ) : (
            // A list the buyer scrolls, not a marquee: moving text would need a pause control (WCAG 2.2.2).
            <ul className={styles.wins} aria-label="最近中奖" tabIndex={0}>
              {draw.recentWins.map((win, index) => (
                <li key={`${win.drawnAt}-${index}`} className={styles.win}>
                  <span className={styles.winWho}>
                    {win.maskedName} 抽中了 <span className={styles.winPrize}>{win.prizeName}</span>
                  </span>
                  <span className={styles.meta}>{formatDateTime(win.drawnAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** /draw/{id} (抽奖活动): a lucky draw's period, prizes, rules and latest winners, and the buyer's draw or result. */
export default function LuckyDrawPage() {
  const { id = '' } = useParams();
  return <DrawDetail key={id} id={id} />;
}
