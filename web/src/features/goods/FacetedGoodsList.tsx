import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import type { ApolloClient } from '@apollo/client';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { GoodsFilter } from '../../gql/graphql';
import { facetFilterFrom } from '../../shared/facet-params';
import { preloadAll } from '../../shared/preload';
import { FacetChips, FacetPanel, preloadGoodsFacets } from './FacetPanel';
import { goodsListVariables, GoodsListView, preloadGoodsList, type GoodsListViewProps } from './GoodsListView';
import { listViewOf } from './list-view';

const PHONE = '@media (max-width: 600px)';

const useStyles = makeStyles({
  crumbs: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  crumbLink: { color: tokens.colorBrandForegroundLink },
  crumbCurrent: { color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  layout: { display: 'flex', alignItems: 'flex-start', gap: '16px' },
  side: {
    flex: '0 0 200px',
    padding: '12px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    [PHONE]: { display: 'none' },
  },
  main: { flex: '1 1 auto', minWidth: 0 },
  // SHELL-22: on a phone the breadcrumb is not drawn (the page's title is not either) and the 筛选 button opens the
  // toolbar's row, so the first goods stay on the first screen.
  top: { marginBottom: '8px', [PHONE]: { display: 'none' } },
  phoneOnly: { display: 'none', [PHONE]: { display: 'inline-flex', flexShrink: 0 } },
  // The table view needs the page's width for its ten columns: its facets fold behind 筛选 at every width.
  always: { display: 'inline-flex', flexShrink: 0 },
});

/** FACET-08: where the buyer is, 全部商品 > category, keyword or zone. */
export function GoodsBreadcrumb({ place }: { place?: string }) {
  const styles = useStyles();
  return (
    <nav aria-label="当前位置">
      <ol className={styles.crumbs}>
        {place ? (
          <>
            <li>
              <Link className={styles.crumbLink} to="/list">
                全部商品
              </Link>
            </li>
            <li aria-hidden="true">&gt;</li>
            <li className={styles.crumbCurrent} aria-current="page">
              {place}
            </li>
          </>
        ) : (
          <li className={styles.crumbCurrent} aria-current="page">
            全部商品
          </li>
        )}
      </ol>
    </nav>
  );
}

/** The list's scope with the address's facets chosen in it: what the list, the panel and a route loader ask for. */
export function facetedFilter(scope: GoodsFilter, params: URLSearchParams): GoodsFilter {
  return { ...scope, ...facetFilterFrom(params) };
}

/** A faceted list page's loader work: its goods and its facets, so that the server renders the page in one pass. */
export function preloadFacetedList(client: ApolloClient, scope: GoodsFilter, params: URLSearchParams): Promise<null> {
  const filter = facetedFilter(scope, params);
  return preloadAll(preloadGoodsList(client, goodsListVariables(params, filter)), preloadGoodsFacets(client, filter));
}

export interface FacetedGoodsListProps extends Omit<GoodsListViewProps, 'filter'> {
  /** What the page lists before any facet: its keyword, category or zone. */
  scope: GoodsFilter;
  /** The breadcrumb's last step; none for the whole catalogue. */
  place?: string;
}

/**
 * FACET-01, FACET-08: a goods list with its facet panel beside it (behind a 筛选 button in a drawer on a phone), the
 * chosen values as chips over the list and the breadcrumb above; the list's own toolbar says 共 N 件商品.
 */
export function FacetedGoodsList({ scope, place, ...list }: FacetedGoodsListProps) {
  const styles = useStyles();
  const [params] = useSearchParams();
  const folded = listViewOf(useLocation().pathname) === 'table';
  const [open, setOpen] = useState(false);
  const filter = facetedFilter(scope, params);
  const chosen = Object.keys(facetFilterFrom(params)).length;
  return (
    <>
      <div className={styles.top}>
        <GoodsBreadcrumb place={place} />
      </div>
      <div className={styles.layout}>
        {folded ? null : (
          <aside className={styles.side} aria-label="筛选">
            <FacetPanel filter={filter} />
          </aside>
        )}
        <div className={styles.main}>
          <FacetChips filter={filter} />
          <GoodsListView
            {...list}
            filter={filter}
            toolbarStart={
              <Button
                className={folded ? styles.always : styles.phoneOnly}
                size="small"
                aria-haspopup="dialog"
                onClick={() => setOpen(true)}
              >
                {chosen > 0 ? `筛选（已选${chosen}类）` : '筛选'}
              </Button>
            }
          />
        </div>
      </div>
      {open ? (
        <OverlayDrawer open onOpenChange={(_, data) => setOpen(data.open)} position="end" size="medium">
          <DrawerHeader>
            <DrawerHeaderTitle
              action={
                <Button
                  appearance="subtle"
                  aria-label="关闭筛选"
                  icon={<DismissRegular />}
                  onClick={() => setOpen(false)}
                />
              }
            >
              筛选
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            <FacetPanel filter={filter} />
          </DrawerBody>
        </OverlayDrawer>
      ) : null}
    </>
  );
}
