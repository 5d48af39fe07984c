import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { hasKeys } from '../../paging';
import type { BannerDto } from '../focus/rest';

/** A controlled-sales series of GET /api/goods/kx_categories (docs/rest-api.md). */
export interface ControlledSalesSeriesDto {
  id: number | string;
  name: string;
  logo?: string | null;
  goods_count: number;
  ad_ids?: (number | string)[] | null;
}

function isSeries(value: unknown): value is ControlledSalesSeriesDto {
  return hasKeys(value, 'id', 'name', 'goods_count');
}

export async function fetchControlledSalesSeries(upstream: UpstreamSession): Promise<ControlledSalesSeriesDto[]> {
  const { data } = await upstream.get<unknown>('/api/goods/kx_categories');
  if (!Array.isArray(data) || !data.every(isSeries)) throw unavailable();
  return data;
}

function isBanner(value: unknown): value is BannerDto {
  return hasKeys(value, 'id', 'image');
}

/** The controlled-sales advertisements with these ids, in the upstream's order (the order asked). */
export async function fetchControlledSalesAds(upstream: UpstreamSession, ids: readonly string[]): Promise<BannerDto[]> {
  const { data } = await upstream.get<unknown>('/api/focus/kxzq_ad', { ids });
  if (!Array.isArray(data) || !data.every(isBanner)) throw unavailable();
  return data;
}
