import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { Price } from '../../components/Price';
import { RowList } from '../../components/RowList';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { pageSearch, pageVariables, readPage, useListSearch } from '../../shared/list-page/list-search';
import { ListPager } from '../../shared/list-page/ListPager';
import { ListState } from '../../shared/list-page/ListState';
import { preloadForMember } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
import { STATUS_COLOR, varietyRequestPath } from './request-rules';
import { useRequestStyles } from './request-styles';

export const VarietyRequestsQuery = graphql(`
  query VarietyRequests($page: Int, $pageSize: Int) {
    varietyRequests(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        name
        spec
        manufacturer
        quantity
        status
        statusText
        answer
        createdAt
        expectedPrice {
          ...Price_money
        }
        goods {
          id
        }
      }
    }
  }
`);

const PAGE_SIZE = 10;

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadForMember(client, () => [
    client.query({
      query: VarietyRequestsQuery,
      variables: pageVariables(params, PAGE_SIZE),
      fetchPolicy: 'network-only',
    }),
  ]);
}

const useStyles = makeStyles({
  row: {
    gridTemplateColumns: 'minmax(0, 1fr) auto auto',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  side: { display: 'grid', justifyItems: 'end', gap: tokens.spacingVerticalXS, whiteSpace: 'nowrap' },
  links: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    gap: tokens.spacingVerticalXS,
    whiteSpace: 'nowrap',
    '@media (max-width: 600px)': { gridColumn: '1 / -1', flexDirection: 'row', justifyContent: 'flex-end' },
  },
  answer: {
    margin: `${tokens.spacingVerticalXS} 0 0`,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
});

/** /pzqg (zzfw_pzqg, zzfw_ppzq_index): the buyer's variety requests, newest first, with the platform's answers. */
export default function VarietyRequestsPage() {
  const styles = useStyles();
  const shared = useRequestStyles();
  const { filter, go } = useListSearch(readPage, pageSearch);
  const { data, loading, error } = useQuery(VarietyRequestsQuery, {
    variables: { page: filter.page, pageSize: PAGE_SIZE },
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const list = data?.varietyRequests;

  return (
    <>
      <div className={shared.head}>
        <SectionHeading>品种求购</SectionHeading>
        <Link className={shared.primaryLink} to="/pzqg/add">
          发布求购
        </Link>
      </div>
      <p className={shared.intro}>找不到想要的品种？告诉平台品名、规格和厂家，上架后会第一时间通知您。</p>
      <ListState
        list={list}
        loading={loading}
        error={error}
        noun="求购记录"
        empty={{ title: '还没有求购记录', hint: <Link to="/pzqg/add">发布第一条求购</Link> }}
      >
        {(found) => (
          <RowList
            label="求购记录"
            items={found.items}
            rowClassName={styles.row}
            render={(r) => (
              <>
                <div>
                  <p className={styles.name}>{r.name}</p>
                  <p className={shared.meta}>
                    {r.spec} · {r.manufacturer} · 求购 {r.quantity}
                    {r.expectedPrice ? (
                      <>
                        {' '}
                        · 期望价 <Price money={r.expectedPrice} />
                      </>
                    ) : null}
                  </p>
                  {r.answer ? <p className={styles.answer}>平台答复：{r.answer}</p> : null}
                </div>
                <div className={styles.side}>
                  <Badge appearance="tint" color={STATUS_COLOR[r.status]}>
                    {r.statusText}
                  </Badge>
                  <time className={shared.meta} dateTime={r.createdAt}>
                    {formatDateTime(r.createdAt)}
                  </time>
                </div>
                <div className={styles.links}>
                  <Link to={varietyRequestPath(r.id)} aria-label={`${r.name}的求购详情`}>
                    查看详情
                  </Link>
                  {r.goods ? (
                    <Link to={`/list/info/${r.goods.id}`} aria-label={`去购买${r.name}`}>
                      去购买
                    </Link>
                  ) : null}
                </div>
              </>
            )}
          />
        )}
      </ListState>
      <ListPager list={list} page={filter.page} onGo={(page) => go({ page })} unit="条" />
    </>
  );
}
