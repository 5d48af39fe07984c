import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { CART_ADD_CONTEXT } from '../cart-add';
import { ListState } from '../list-page/ListState';
import { useMemberAction } from '../member-action';
import { toast } from '../notify';
import { chosenLines, firstChoice, firstQuantity } from './reorder-rules';
import { ReorderRow } from './ReorderRow';
import { useRowTableStyles } from '../list-page/row-table-styles';

export const ReorderPanelQuery = graphql(`
  query ReorderPanel($limit: Int) {
    reorderSuggestions(limit: $limit) {
      total
      dueCount
      items {
        id
        name
        manufacturer
        spec
        packingUnit
        image
        lastPurchaseDate
        intervalDays
        usualQuantity
        daysLeft
        state
        price {
          ...Price_money
        }
        priceLabel
        stock
        isBuyable
        unavailableReason
      }
    }
  }
`);

/** REORDER-05: the purchase list's add (IMPORT-06); its cart updates the header badge and the side panel. */
export const ReorderAddMutation = graphql(`
  mutation ReorderAdd($lines: [PurchaseListLineInput!]!) {
    importPurchaseList(lines: $lines) {
      message
      refused {
        goodsId
      }
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

/** A page's route loader asks for the panel's goods with the page's own, so the panel renders with the page. */
export const preloadReorder = (client: ApolloClient, limit: number) =>
  client.query({ query: ReorderPanelQuery, variables: { limit }, fetchPolicy: 'network-only' });

/** The whole list: at most what the upstream answers (REORDER-05). */
export const REORDER_LIMIT = 100;

/** The address of the whole list, on the quick-purchase page. */
export const REORDER_ANCHOR = 'bhtx';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  intro: { margin: `0 0 ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground3 },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalS,
  },
  section: { marginBottom: tokens.spacingVerticalXL },
});

/**
 * 补货提醒 (REORDER-05): the company's goods due or due soon, each chosen or not with its quantity, and one
 * 加入购物车 for the chosen ones. The member centre shows the first few with `more` leading to the whole list.
 */
export function ReorderPanel({ limit, more }: { limit: number; more?: string }) {
  const styles = useStyles();
  const rows = useRowTableStyles();
  const { data, loading, error } = useQuery(ReorderPanelQuery, {
    variables: { limit },
    // The page's loader asked the network for today's goods and prices (preloadReorder); this reads that answer.
    fetchPolicy: 'cache-first',
  });
  const list = data?.reorderSuggestions;
  // Choices the buyer made; a row not touched keeps its first state (buyable rows chosen).
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [quantities, setQuantities] = useState<ReadonlyMap<string, number>>(new Map());
  const [add] = useMutation(ReorderAddMutation, { context: CART_ADD_CONTEXT });
  const { run, pending } = useMemberAction();

  const items = list?.items ?? [];
  const first = firstChoice(items);
  const chosen = new Set(items.filter((i) => choices.get(i.id) ?? first.has(i.id)).map((i) => i.id));
  const lines = chosenLines(items, chosen, quantities);

  const addChosen = () =>
    run(async () => {
      const answer = (await add({ variables: { lines } })).data?.importPurchaseList;
      if (!answer) return;
      toast(answer.message, answer.refused.length === 0 ? 'success' : 'warning', { label: '去购物车', to: '/cart' });
    });

  return (
    <section id={more === undefined ? REORDER_ANCHOR : undefined} className={styles.section} aria-label="补货提醒">
      <div className={styles.head}>
        <SectionHeading as="h2">补货提醒</SectionHeading>
        {more !== undefined && list && list.total > 0 ? <Link to={more}>查看全部（{list.total}）</Link> : null}
      </div>
      <p className={styles.intro}>按贵店的采购周期，这些商品该补货了；数量为常购数量，价格以今日为准。</p>
      <ListState
        list={list}
        loading={loading}
        error={error}
        noun="补货提醒"
        empty={{ title: '暂无需要补货的商品', hint: '同一商品采购满3次后，会按采购周期在这里提醒' }}
      >
        {(page) => (
          <>
            <table className={rows.table} aria-label="该补货的商品">
              <thead>
                <tr>
                  <th scope="col">选择</th>
                  <th scope="col">商品</th>
                  <th scope="col">上次购买</th>
                  <th scope="col">采购周期</th>
                  <th scope="col">数量</th>
                  <th scope="col">今日价格</th>
                  <th scope="col">状态</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((item) => (
                  <ReorderRow
                    key={item.id}
                    item={item}
                    chosen={chosen.has(item.id)}
                    quantity={quantities.get(item.id) ?? firstQuantity(item)}
                    onChoose={(on) => setChoices((map) => new Map(map).set(item.id, on))}
                    onQuantity={(n) => setQuantities((map) => new Map(map).set(item.id, n))}
                  />
                ))}
              </tbody>
            </table>
            <div className={styles.actions}>
              <span>已选 {lines.length} 种</span>
              <Button appearance="primary" disabled={pending || lines.length === 0} onClick={() => void addChosen()}>
                加入购物车
              </Button>
            </div>
          </>
        )}
      </ListState>
    </section>
  );
}
