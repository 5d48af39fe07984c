import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { graphql } from '../../gql';
import type { DrawResult_RecordFragment } from '../../gql/graphql';
import { usePageTitle } from '../../shared/page-title';
import { preloadAll } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
import { DrawAds, preloadDrawAds } from './DrawAds';
import { DrawHead } from './DrawHead';
import { drawResultText } from './lucky-draw';
import { PrizeList } from './PrizeList';
import { RecentWins } from './RecentWins';

export const LuckyDrawPageQuery = graphql(`
  query LuckyDrawPage($id: ID!) {
    luckyDraw(id: $id) {
      ...DrawHead_draw
      rules
      prizes {
        id
        ...PrizeList_prize
      }
      myResult {
        id
        ...DrawResult_record
      }
      ...RecentWins_draw
    }
  }
`);

/** Route loader: the draw and its advertisements, so the page arrives with them. */
export function preload(client: ApolloClient, id: string | undefined): Promise<null> {
  if (!id) return preloadAll();
  return preloadAll(
    client.query({ query: LuckyDrawPageQuery, variables: { id }, errorPolicy: 'all' }),
    preloadDrawAds(client, id),
  );
}

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  section: { gap: tokens.spacingVerticalM },
  // The draw's sections mark their titles with a bar in the brand colour.
  accent: {
    display: 'block',
    margin: 0,
    paddingLeft: tokens.spacingHorizontalMNudge,
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
  },
  missing: { marginBottom: tokens.spacingVerticalM },
  rules: { margin: 0, whiteSpace: 'pre-line', lineHeight: tokens.lineHeightBase400 },
  result: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  consolation: { color: tokens.colorNeutralForeground2 },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

function ResultText({ record }: { record: DrawResult_RecordFragment }) {
  const styles = useStyles();
  return (
    <p className={mergeClasses(styles.result, !record.prize.isWin && styles.consolation)}>
      {drawResultText(record.prize)}
    </p>
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
        <h1 className={mergeClasses(styles.accent, styles.missing)}>
          {error ? '抽奖活动暂时无法加载' : '抽奖活动不存在'}
        </h1>
        <EmptyState title={error ? '请稍后刷新页面重试' : '该抽奖活动不存在或已下线'}>
          <Link to="/">返回首页</Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <DrawHead draw={draw} />
      <DrawAds drawId={id} />
      <div className={styles.layout}>
        <div>
          {draw.myResult ? (
            <Panel className={styles.section} title={<span className={styles.accent}>我的抽奖结果</span>}>
              <ResultText record={draw.myResult} />
              <p className={styles.meta}>
                抽奖时间：{formatDateTime(draw.myResult.drawnAt)} · <Link to="/user/draw">查看我的抽奖记录</Link>
              </p>
            </Panel>
          ) : null}
          <Panel className={styles.section} title={<span className={styles.accent}>奖品设置</span>}>
            <PrizeList prizes={draw.prizes} label="活动奖品" />
          </Panel>
          <Panel className={styles.section} title={<span className={styles.accent}>活动规则</span>}>
            <p className={styles.rules}>{draw.rules || '暂无活动规则'}</p>
          </Panel>
        </div>
        <Panel className={styles.section} title={<span className={styles.accent}>中奖名单</span>}>
          <RecentWins draw={draw} />
        </Panel>
      </div>
    </>
  );
}

/** /draw/{id} (抽奖活动): a lucky draw's period, prizes, rules and latest winners, and the buyer's draw or result. */
export default function LuckyDrawPage() {
  const { id = '' } = useParams();
  return <DrawDetail key={id} id={id} />;
}
