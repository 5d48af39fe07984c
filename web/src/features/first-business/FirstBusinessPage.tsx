import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { FirstBusinessButton } from '../../shared/first-business/FirstBusinessButton';
import { firstBusinessHref } from '../../shared/first-business/paths';
import { pageOnly } from '../../shared/list-page/list-search';
import { useMeList } from '../../shared/list-page/me-list';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { ListTable, type ListColumn } from '../../shared/list-page/ListTable';
import { LoginRedirect } from '../../shared/navigate';
import { goodsDetailPath } from '../../shared/goods-detail';
import { formatDateTime } from '../../shared/time';

export const FirstBusinessPageQuery = graphql(`
  query FirstBusinessPage($page: Int, $pageSize: Int) {
    me {
      id
      firstBusinessTaken(page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          goodsId
          goodsName
          spec
          manufacturer
          approvalNumber
          lastTakenAt
          takenBy
          storeName
          times
          downloadUrl
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;
const PHONE = '@media (max-width: 600px)';

const useStyles = makeStyles({
  note: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    margin: `0 0 ${tokens.spacingVerticalS}`,
  },
  // On a phone each goods is a small card: the goods, its approval number, who took it and when, then the download.
  row: {
    [PHONE]: {
      gridTemplateAreas: '"pick goods" "approval approval" "taken times" "action action"',
      rowGap: tokens.spacingVerticalXS,
    },
  },
  goods: { [PHONE]: { gridArea: 'goods' } },
  sub: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  approval: { fontVariantNumeric: 'tabular-nums', [PHONE]: { gridArea: 'approval' } },
  taken: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'taken', color: tokens.colorNeutralForeground2 } },
  times: { [PHONE]: { gridArea: 'times', textAlign: 'right' } },
  action: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'action', textAlign: 'right' } },
  muted: { color: tokens.colorNeutralForeground3 },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalS,
  },
  pick: { [PHONE]: { gridArea: 'pick' } },
  link: { color: tokens.colorBrandForeground1 },
});

type Taken = NonNullable<ReturnType<typeof useTaken>['list']>['items'][number];

/** The goods ticked on this page, to download their documents in one zip (FIRST-02: at most 50, a page holds 10). */
function useChosen() {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { chosen, toggle, clear: () => setChosen(new Set()) };
}

function useTakenColumns(chosen: ReturnType<typeof useChosen>): readonly ListColumn<Taken>[] {
  const styles = useStyles();
  return [
    {
      head: '选择',
      className: styles.pick,
      render: (t) => (
        <Checkbox
          checked={chosen.chosen.has(t.goodsId)}
          aria-label={`选择 ${t.goodsName}`}
          onChange={(_e, d) => chosen.toggle(t.goodsId, d.checked === true)}
        />
      ),
    },
    {
      head: '商品',
      className: styles.goods,
      render: (t) => (
        <>
          <Link className={styles.link} to={goodsDetailPath(t.goodsId)}>
            {t.goodsName}
          </Link>
          <span className={styles.sub}>
            {t.spec} · {t.manufacturer}
          </span>
        </>
      ),
    },
    {
      head: '批准文号',
      className: styles.approval,
      render: (t) => t.approvalNumber ?? <span className={styles.muted}>无批准文号</span>,
    },
    {
      head: '最近下载',
      className: styles.taken,
      render: (t) => (
        <>
          <time dateTime={t.lastTakenAt}>{formatDateTime(t.lastTakenAt)}</time>
          <span className={styles.sub}>
            {t.takenBy}
            {t.storeName !== null ? `（${t.storeName}）` : ''}
          </span>
        </>
      ),
    },
    { head: '下载次数', number: true, className: styles.times, render: (t) => `${t.times}次` },
    {
      head: '操作',
      className: styles.action,
      render: (t) => (
        <FirstBusinessButton
          href={t.downloadUrl}
          label="再次下载"
          ariaLabel={`再次下载 ${t.goodsName} 的首营资料`}
          appearance="subtle"
          size="small"
        />
      ),
    },
  ];
}

/** The page the address asks for (?page=2) and the way to another one. */
function useTaken() {
  return useMeList(
    FirstBusinessPageQuery,
    pageOnly,
    ({ page }) => ({ page, pageSize: PAGE_SIZE }),
    (me) => me.firstBusinessTaken,
  );
}

/** /syzl: the goods whose first-business documents (首营资料) the company took, with a download again (FIRST-05). */
export default function FirstBusinessPage() {
  const styles = useStyles();
  const { filter, go, signedOut, list: taken, loading, error } = useTaken();
  const chosen = useChosen();
  const columns = useTakenColumns(chosen);
  const picked = (taken?.items ?? []).filter((t) => chosen.chosen.has(t.goodsId)).map((t) => t.goodsId);
  if (signedOut) return <LoginRedirect />;

  return (
    <>
      <SectionHeading>首营资料</SectionHeading>
      <p className={styles.note}>
        首营资料包含销售方的营业执照、药品经营许可证、GSP证书，以及商品的注册证书和最近批次的检验报告，附资料索引表。
        可在订单详情或商品详情中点击“下载首营资料”；贵公司各门店下载过的商品都列在这里。
      </p>
      <ListState
        list={taken}
        loading={loading}
        error={error}
        noun="首营资料记录"
        empty={{
          title: '还没有下载过首营资料',
          hint: <Link to="/order">去订单详情中下载</Link>,
        }}
      >
        {(list) => (
          <>
            <div className={styles.bar}>
              <FirstBusinessButton
                href={firstBusinessHref({ goodsIds: picked })}
                label={`下载选中商品的首营资料（${picked.length}种）`}
                disabled={picked.length === 0}
              />
            </div>
            <ListTable
              label="已下载首营资料的商品"
              columns={columns}
              items={list.items}
              rowKey={(t) => t.goodsId}
              cards
              alignTop
              rowClassName={styles.row}
              rowTestId="first-business-goods"
            />
          </>
        )}
      </ListState>
      <ListPager
        list={taken}
        page={filter.page}
        onGo={(page) => {
          chosen.clear();
          go({ page });
        }}
        unit="种商品"
      />
    </>
  );
}
