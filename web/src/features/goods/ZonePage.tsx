import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { PageHead } from '../../components/PageHead';
import { graphql } from '../../gql';
import type { BannerSlot, GoodsFilter, GoodsZone } from '../../gql/graphql';
import type { MenuVariant } from '../../shared/zones';
import type { ListView } from './list-view';
import { FacetedGoodsList, preloadFacetedList } from './FacetedGoodsList';
import { BannerRow } from '../../components/BannerRow';
import { ControlledSalesSeriesIndex, ControlledSalesSeriesListQuery } from './ControlledSalesSeriesIndex';
import { preloadAll } from '../../shared/preload';

/** The zone pages (CATALOG-01, CATALOG-02) that are a goods list narrowed to one `GoodsZone`. */
export type ZoneKey = 'yx' | 'zyyp' | 'qxzq' | 'jxqzc' | 'kxzq' | 'kxzq_new';

export interface Zone {
  /** The zone's address; its other layouts hang under it (/yx/table). */
  path: string;
  title: string;
  /** One line under the heading saying what the zone holds. */
  intro: string;
  goodsZone: GoodsZone;
  /** The zone's banners; null for zones the marketplace has no banner place for. */
  bannerSlot: BannerSlot | null;
  views: readonly ListView[];
  /** The header's category menu variant (SHELL-06: free-shipping, herbal and device zones). */
  categoryMenu?: MenuVariant;
}

export const ZONES: Record<ZoneKey, Zone> = {
  yx: {
    path: '/yx',
    title: '优选专区',
    intro: '精选常备药，满额包邮，部分商品一件包邮',
    goodsZone: 'PREFERRED',
    bannerSlot: 'PREFERRED',
    views: ['grid', 'table'],
    categoryMenu: 'PREFERRED',
  },
  zyyp: {
    path: '/zyyp',
    title: '中药专区',
    intro: '道地药材、中药饮片与中成药',
    goodsZone: 'TRADITIONAL_MEDICINE',
    bannerSlot: 'TRADITIONAL_MEDICINE',
    views: ['grid'],
    categoryMenu: 'TRADITIONAL_MEDICINE',
  },
  qxzq: {
    path: '/qxzq',
    title: '器械专区',
    intro: '家用与诊所常用医疗器械',
    goodsZone: 'DEVICES',
    bannerSlot: null,
    views: ['grid'],
    categoryMenu: 'DEVICES',
  },
  jxqzc: {
    path: '/jxqzc',
    title: '近效期专区',
    intro: '180 天内到期的商品，请留意有效期后采购',
    goodsZone: 'NEAR_EXPIRY',
    bannerSlot: null,
    views: ['grid'],
  },
  kxzq: {
    path: '/kxzq',
    title: '控销专区',
    intro: '区域控销品种，利润有保障',
    goodsZone: 'CONTROLLED_SALES',
    bannerSlot: 'CONTROLLED_SALES',
    views: ['grid'],
  },
  kxzq_new: {
    path: '/kxzq/new',
    title: '控销新品',
    intro: '新上架的控销品种',
    goodsZone: 'CONTROLLED_SALES',
    bannerSlot: 'CONTROLLED_SALES_NEW',
    views: ['grid'],
  },
};

export const ZoneBannersQuery = graphql(`
  query ZoneBanners($slot: BannerSlot!) {
    banners(slot: $slot) {
      id
      ...BannerRow_banner
    }
  }
`);

/** The frame's part of a zone route, given once its module has loaded (the route table stays small, ADR 0302). */
export function zoneHandle(key: ZoneKey): { title: string; categoryMenu?: MenuVariant } {
  const zone = ZONES[key];
  return { title: zone.title, ...(zone.categoryMenu ? { categoryMenu: zone.categoryMenu } : {}) };
}

function filterOf(zone: Zone): GoodsFilter {
  return { zone: zone.goodsZone };
}

/** Route loader: the zone's first page and its banners, so the address changes together with the goods. */
export async function preload(client: ApolloClient, key: ZoneKey, params: URLSearchParams): Promise<null> {
  const zone = ZONES[key];
  const slot = zone.bannerSlot;
  return preloadAll(
    preloadFacetedList(client, filterOf(zone), params),
    slot ? client.query({ query: ZoneBannersQuery, variables: { slot } }) : null,
    key === 'kxzq_new' ? client.query({ query: ControlledSalesSeriesListQuery }) : null,
  );
}

/** A zone (CATALOG-02; /yx, /zyyp, /qxzq, /jxqzc, /kxzq, /kxzq/new): its banners and its goods, sorted and paged. */
export function ZonePage({ zone: key }: { zone: ZoneKey }) {
  const zone = ZONES[key];
  const slot = zone.bannerSlot;
  const banners = useQuery(ZoneBannersQuery, { variables: { slot: slot ?? 'HOME' }, skip: !slot, errorPolicy: 'all' });
  return (
    <>
      <PageHead
        title={zone.title}
        intro={zone.intro}
        link={key === 'yx' ? { to: '/yx/rule', label: '优选规则', newTab: true } : undefined}
      />
      <BannerRow banners={banners.data?.banners ?? []} label="专区广告" spaced />
      {key === 'kxzq_new' ? <ControlledSalesSeriesIndex /> : null}
      <FacetedGoodsList
        basePath={zone.path}
        views={zone.views}
        scope={filterOf(zone)}
        place={zone.title}
        label={`${zone.title}商品`}
        emptyText={`${zone.title}暂无商品`}
      />
    </>
  );
}
