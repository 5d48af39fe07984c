import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { asPage, hasKeys, type PageDto } from '../../paging';

export interface CategoryDto {
  id: number | string;
  name: string;
  logo?: string | null;
  logo1?: string | null;
  children?: CategoryDto[] | null;
}

export interface NavDto {
  id: number | string;
  name: string;
  url?: string | null;
  image?: string | null;
  is_open?: number;
}

export interface LinkDto {
  name: string;
  url?: string | null;
}

export interface BrandDto {
  id: number | string;
  name: string;
  logo?: string | null;
}

export interface BannerDto {
  id: number | string;
  image: string;
  url?: string | null;
  name?: string | null;
}

export interface ArticleDto {
  id: number | string;
  title: string;
}

export interface ArticleCategoryDto {
  id: number | string;
  name: string;
  children?: ArticleDto[] | null;
}

/** GET /api/focus/common: the header's lists, read once per operation. */
export interface FocusCommonDto {
  rnss?: LinkDto[];
  nav?: NavDto[];
  category?: CategoryDto[];
  category_yx?: CategoryDto[];
  category_zy?: CategoryDto[];
  category_qx?: CategoryDto[];
  brand?: BrandDto[];
  timestamp?: number;
}

async function getList<T>(upstream: UpstreamSession, path: string, query?: Record<string, unknown>): Promise<T[]> {
  const { data } = await upstream.get<unknown>(path, query);
  if (!Array.isArray(data)) throw unavailable();
  return data as T[];
}

export async function fetchFocusCommon(upstream: UpstreamSession): Promise<FocusCommonDto> {
  const { data } = await upstream.get<FocusCommonDto>('/api/focus/common');
  if (typeof data !== 'object' || data === null) throw unavailable();
  return data;
}

/** `slot` is a path segment of /api/focus/{slot}; null is the home carousel at /api/focus. */
export function fetchBanners(upstream: UpstreamSession, slot: string | null): Promise<BannerDto[]> {
  return getList<BannerDto>(upstream, slot === null ? '/api/focus' : `/api/focus/${slot}`);
}

export function fetchLinks(upstream: UpstreamSession): Promise<LinkDto[]> {
  return getList<LinkDto>(upstream, '/api/global/links');
}

/** Help articles live in article category 3 (spec section 9). */
export function fetchHelpCategories(upstream: UpstreamSession): Promise<ArticleCategoryDto[]> {
  return getList<ArticleCategoryDto>(upstream, '/api/article/category', { category_id: 3 });
}

/** One brand (GET /api/focus/brand/{id}), or null when the upstream does not know it (404). */
export async function fetchBrand(upstream: UpstreamSession, id: string): Promise<BrandDto | null> {
  const answer = await upstream.getOrNull<unknown>(`/api/focus/brand/${encodeURIComponent(id)}`);
  if (answer === null) return null;
  const brand = answer.data;
  if (typeof brand !== 'object' || brand === null || !('id' in brand) || !('name' in brand)) throw unavailable();
  return brand as BrandDto;
}

/** A news item of GET /api/focus/postList. */
export interface NewsPostDto {
  id: number | string;
  title: string;
  summary?: string | null;
  published_at: string | number;
}

export type NewsPostPageDto = PageDto<NewsPostDto>;

export async function fetchNewsPosts(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<NewsPostPageDto> {
  const { data } = await upstream.get<unknown>('/api/focus/postList', { ...query });
  return asPage(data, (p): p is NewsPostDto => hasKeys(p, 'id', 'title', 'published_at'));
}
