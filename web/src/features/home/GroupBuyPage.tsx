import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, SpinButton, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { graphql } from '../../gql';
import { useCartAdd } from '../../shared/cart-add';
import { clampQuantity } from '../../shared/quantity';
import { formatDateTime } from '../../shared/time';
import { PromoCard } from './PromoCard';
import { pageParam } from '../../shared/page-param';
import { Pager } from '../../components/Pager';
import { preloadAll } from '../../shared/preload';

export const GroupBuyQuery = graphql(`
  query GroupBuy($page: Int!, $pageSize: Int!) {
    groupBuyGoods(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        groupBuyId
        groupPrice {
          fen
          amount
        }
        targetNumber
        joinedNumber
        endsAt
        goods {
          id
          name
          stock
          isBuyable
          ...PromoCard_goods
        }
      }
    }
  }
`);

/** Joining puts a GROUP_BUY line in the cart; the answer updates the badge and the panel with no refetch. */
export const JoinGroupBuyMutation = graphql(`
  mutation JoinGroupBuy($groupBuyId: ID!, $number: Int!) {
    joinGroupBuy(groupBuyId: $groupBuyId, number: $number) {
      message
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

const PAGE_SIZE = 20;

function variablesOf(params: URLSearchParams) {
  return { page: pageParam(params.get('page')), pageSize: PAGE_SIZE };
}

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: GroupBuyQuery, variables: variablesOf(params) }));
}

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 4px' },
  intro: { margin: '0 0 12px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: '12px',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px' },
  },
  progress: { display: 'grid', gap: '2px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  meter: { width: '100%', height: '6px', accentColor: tokens.colorBrandBackground },
  offer: { display: 'grid', gap: '6px', alignContent: 'start' },
  join: { display: 'flex', gap: '6px', alignItems: 'center' },
  stepper: { width: '80px', flexShrink: 0 },
  joinButton: { flexGrow: 1, minWidth: 0 },
});

/** A card's quantity and 参团: joins the group with that many units (they count once the order is placed). */
function JoinControls({
  groupBuyId,
  goods,
}: {
  groupBuyId: string;
  goods: { name: string; stock: number; isBuyable: boolean };
}) {
  const styles = useStyles();
  const [number, setNumber] = useState(1);
  const [mutate] = useMutation(JoinGroupBuyMutation);
  const { run, pending } = useCartAdd();
  const canJoin = goods.isBuyable && goods.stock > 0;
  return (
    <div className={styles.join}>
      <SpinButton
        className={styles.stepper}
        aria-label={`${goods.name} 参团数量`}
        min={1}
        max={Math.max(1, goods.stock)}
        value={number}
        disabled={!canJoin}
        onChange={(_event, data) => {
          const typed = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
          setNumber(clampQuantity(typed, goods.stock));
        }}
      />
      <Button
        appearance="primary"
        className={styles.joinButton}
        aria-label={`参团 ${goods.name}`}
        disabled={!canJoin || pending}
        onClick={() =>
          void run(async () => (await mutate({ variables: { groupBuyId, number } })).data?.joinGroupBuy.message)
        }
      >
        参团
      </Button>
    </div>
  );
}

/** /ptzq (拼团): goods with a running group offer at the group price, the groups closest to forming first. */
export default function GroupBuyPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const variables = variablesOf(params);
  const { data, loading, error } = useQuery(GroupBuyQuery, { variables });
  const list = data?.groupBuyGoods;
  const goTo = (page: number) => setParams(page === 1 ? {} : { page: String(page) });

  return (
    <>
      <h1 className={styles.heading}>拼团专区</h1>
      <p className={styles.intro}>参团即按拼团价下单，所有买家累计下单达到成团数量即成团</p>
      {loading && !list ? (
        <GoodsGridSkeleton label="拼团商品加载中" />
      ) : !list ? (
        <EmptyState title={error ? '拼团商品暂时无法加载' : '暂无拼团活动'}>请稍后刷新页面重试</EmptyState>
      ) : list.items.length === 0 ? (
        <EmptyState title="暂无拼团活动">过几天再来看看</EmptyState>
      ) : (
        <ul className={styles.grid} aria-label="拼团商品">
          {list.items.map((offer) => {
            const joined = Math.min(offer.joinedNumber, offer.targetNumber);
            const percent = offer.targetNumber > 0 ? Math.floor((joined * 100) / offer.targetNumber) : 100;
            return (
              <li key={offer.groupBuyId} className={styles.offer}>
                <PromoCard
                  goods={offer.goods}
                  promoPrice={offer.groupPrice}
                  badge={
                    <span className={styles.progress}>
                      <meter
                        className={styles.meter}
                        min={0}
                        max={100}
                        value={percent}
                        aria-label={`已拼 ${offer.joinedNumber} / ${offer.targetNumber}`}
                      />
                      <span>
                        已拼 {offer.joinedNumber} / {offer.targetNumber} 件成团
                      </span>
                      <span>{formatDateTime(offer.endsAt)} 截止</span>
                    </span>
                  }
                />
                <JoinControls groupBuyId={offer.groupBuyId} goods={offer.goods} />
              </li>
            );
          })}
        </ul>
      )}
      {list ? <Pager page={list.page} total={list.total} pageSize={list.pageSize} onGo={goTo} /> : null}
    </>
  );
}
