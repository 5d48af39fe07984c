import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { QuantityStepper } from '../../components/QuantityStepper';
import { graphql } from '../../gql';
import { CART_ADD_CONTEXT, useCartAdd } from '../../shared/cart-add';
import { preloadAll } from '../../shared/preload';
import { formatDateTime } from '../../shared/time';
import { PromoCard } from './PromoCard';
import { PromoGoodsPage, promoPageVariables, usePromoPage } from './PromoGoodsPage';

export const GroupBuyQuery = graphql(`
  query GroupBuy($page: Int!, $pageSize: Int!) {
    groupBuyGoods(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        groupBuyId
        groupPrice {
          ...Price_money
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

export async function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadAll(client.query({ query: GroupBuyQuery, variables: promoPageVariables(params) }));
}

const useStyles = makeStyles({
  progress: {
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  meter: { width: '100%', height: '6px', accentColor: tokens.colorBrandBackground },
  offer: { display: 'grid' },
  join: { display: 'flex', gap: tokens.spacingHorizontalSNudge, alignItems: 'center' },
  stepper: { width: '80px' },
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
  const [mutate] = useMutation(JoinGroupBuyMutation, { context: CART_ADD_CONTEXT });
  const { run, pending } = useCartAdd();
  const canJoin = goods.isBuyable && goods.stock > 0;
  return (
    <div className={styles.join}>
      <QuantityStepper
        className={styles.stepper}
        label={`${goods.name} 参团数量`}
        value={number}
        stock={goods.stock}
        disabled={!canJoin}
        onChange={setNumber}
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
  const { variables, goTo } = usePromoPage();
  const { data, loading, error } = useQuery(GroupBuyQuery, { variables });
  return (
    <PromoGoodsPage
      title="拼团专区"
      intro="参团即按拼团价下单，所有买家累计下单达到成团数量即成团"
      label="拼团商品"
      loadingLabel="拼团商品加载中"
      list={data?.groupBuyGoods}
      loading={loading}
      error={error}
      failedTitle="拼团商品暂时无法加载"
      emptyTitle="暂无拼团活动"
      emptyHint="过几天再来看看"
      onGo={goTo}
    >
      {(list) =>
        list.items.map((offer) => {
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
                actions={<JoinControls groupBuyId={offer.groupBuyId} goods={offer.goods} />}
              />
            </li>
          );
        })
      }
    </PromoGoodsPage>
  );
}
