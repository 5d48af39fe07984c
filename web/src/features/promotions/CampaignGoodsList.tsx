import { CardGrid } from '../../components/CardGrid';
import { GoodsGridSkeleton } from '../../components/GoodsGridSkeleton';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { graphql } from '../../gql';
import type { CampaignGoodsList_PageFragment } from '../../gql/graphql';
import { CampaignGoodsCard } from './CampaignGoodsCard';

/** What the list draws of a page of a campaign's goods: its cards and the pager's figures. */
export const CampaignGoodsListFragment = graphql(`
  fragment CampaignGoodsList_page on CampaignGoodsPage {
    total
    page
    pageSize
    items {
      goods {
        id
      }
      ...CampaignGoodsCard_campaignGoods
    }
  }
`);

/** A campaign's page of goods cards (two abreast on a phone), a skeleton while loading, and the pager. */
export function CampaignGoodsList({
  list,
  loading,
  error,
  label,
  campaignId,
  emptyTitle = '活动商品正在准备中',
  onGo,
}: {
  list: CampaignGoodsList_PageFragment | null | undefined;
  loading: boolean;
  error: unknown;
  /** The list's accessible name. */
  label: string;
  /** The campaign whose price the cart charges (welfare); none when the goods sell at their own price. */
  campaignId?: string;
  emptyTitle?: string;
  onGo: (page: number) => void;
}) {
  return (
    <>
      <ListStates
        list={list}
        loading={loading}
        error={error}
        loadingView={<GoodsGridSkeleton label={`${label}加载中`} />}
        failedTitle="活动商品暂时无法加载"
        emptyTitle={emptyTitle}
      >
        {(loaded) => (
          <CardGrid label={label} minWidth={180} twoOnPhone>
            {loaded.items.map((item) => (
              <li key={item.goods.id}>
                <CampaignGoodsCard item={item} campaignId={campaignId} />
              </li>
            ))}
          </CardGrid>
        )}
      </ListStates>
      {list ? <Pager page={list.page} total={list.total} pageSize={list.pageSize} onGo={onGo} /> : null}
    </>
  );
}
