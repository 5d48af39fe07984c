import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { SectionHeading } from '../../components/SectionHeading';
import { pageVariables } from '../../shared/list-page/list-search';

const PAGE_SIZE = 20;

/** The page of a promotion's goods list the address names (`?page=2`), 20 goods a page. */
export function promoPageVariables(params: URLSearchParams) {
  return pageVariables(params, PAGE_SIZE);
}

/** The address's page and how to move to another; the first page keeps a bare address. */
export function usePromoPage() {
  const [params, setParams] = useSearchParams();
  const goTo = (page: number) => setParams(page === 1 ? {} : { page: String(page) });
  return { variables: promoPageVariables(params), goTo };
}

const useStyles = makeStyles({
  heading: { marginBottom: tokens.spacingVerticalXS },
  intro: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

type PagedList = { items: readonly unknown[]; page: number; total: number; pageSize: number };

/**
 * A promotion's page of goods cards (每日特价, 拼团): its title and one line on how it works, the cards two abreast
 * on a phone, a skeleton while loading, and the pager.
 */
export function PromoGoodsPage<L extends PagedList>({
  title,
  intro,
  label,
  loadingLabel,
  list,
  loading,
  error,
  failedTitle,
  emptyTitle,
  emptyHint,
  onGo,
  children,
}: {
  title: string;
  intro: string;
  /** The list's accessible name. */
  label: string;
  /** The skeleton's accessible name. */
  loadingLabel: string;
  list: L | null | undefined;
  loading: boolean;
  error: unknown;
  failedTitle: string;
  emptyTitle: string;
  emptyHint: string;
  onGo: (page: number) => void;
  children: (list: L) => ReactNode;
}) {
  const styles = useStyles();
  return (
    <>
      <SectionHeading className={styles.heading}>{title}</SectionHeading>
      <p className={styles.intro}>{intro}</p>
      <ListStates
        list={list}
        loading={loading}
        error={error}
        loadingView={<GoodsGridSkeleton label={loadingLabel} />}
        failedTitle={failedTitle}
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
      >
        {(loaded) => (
          <CardGrid label={label} minWidth={180} twoOnPhone>
            {children(loaded)}
          </CardGrid>
        )}
      </ListStates>
      {list ? <Pager page={list.page} total={list.total} pageSize={list.pageSize} onGo={onGo} /> : null}
    </>
  );
}
