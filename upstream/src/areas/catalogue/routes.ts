import { parseRecordId } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { flag, idField, listOf, ok, parse, wholeNumber } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import { facetChoiceOf, facetQueryShape } from './facet-filter';
import { goodsFacets } from './facets';
import * as catalogue from './service';
import type { SearchField } from './store';

const keywords = z
  .string({ error: '关键词格式不正确' })
  .max(500, '关键词最多500个字符')
  .default('')
  .transform((s) => s.trim().toLowerCase());
const searchField = z
  .enum(['1', '2'], { error: '搜索类型只能是1或2' })
  .default('1')
  .transform((t): SearchField => (t === '2' ? 'maker' : 'name'));

const listQuery = z.object({
  keywords,
  type: searchField,
  category_id: wholeNumber('分类不存在', 1).optional(),
  brand_id: wholeNumber('品牌不存在', 1).optional(),
  activity_id: wholeNumber('活动不存在', 1).optional(),
  yx: flag('yx只能是0或1').default(0),
  is_jxq: flag('is_jxq只能是0或1').default(0),
  is_kx: flag('is_kx只能是0或1').default(0),
  zy: flag('zy只能是0或1').default(0),
  qx: flag('qx只能是0或1').default(0),
  page: wholeNumber('页码必须是大于0的整数', 1).default(1),
  page_size: wholeNumber('每页数量必须在1到100之间', 1, 100).default(20),
  sort: z
    .enum(['default', 'price_asc', 'price_desc', 'sales', 'unit_price_asc', 'maker', 'expiry'], {
      error: '排序方式不正确',
    })
    .default('default'),
  // FACET-01: the chosen facets' values (maker[]=...).
  ...facetQueryShape,
});

const searchQuery = z.object({ keywords, type: searchField });

// A page of goods is at most 100, so one call answers the activities of a whole page.
const activitiesQuery = z.object({ goods_ids: listOf(idField('商品不存在'), '请选择商品', 100) });

const pageQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

/** CATALOG-08: at most this many advertisements on top of one series' page: the address carries their ids. */
export const MAX_SERIES_ADS = 20;
const adsQuery = z.object({
  ids: listOf(idField('广告编号必须是正整数'), '请选择广告', MAX_SERIES_ADS).optional(),
});

const pathId = (params: unknown, name: string) => parseRecordId((params as Record<string, string>)[name]);

/** What the list and its facet counts narrow to before any facet: one reading of the list's parameters for both. */
function listScopeOf(q: z.infer<typeof listQuery>) {
  return {
    keywords: q.keywords,
    field: q.type,
    categoryId: q.category_id,
    brandId: q.brand_id,
    activityId: q.activity_id,
    preferred: q.yx === 1,
    nearExpiry: q.is_jxq === 1,
    controlledSales: q.is_kx === 1,
    // CATALOG-01: the herbal zone is zy=1, since type already chooses the search field.
    herbal: q.zy === 1,
    devices: q.qx === 1,
  };
}

export function catalogueRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/goods/detail/:id', async (request) =>
    ok(await catalogue.goodsDetail(db, config.publicUrl, pathId(request.params, 'id'))),
  );

  app.get('/api/goods/list', async (request) => {
    const q = parse(listQuery, request.query);
    const filter = { ...listScopeOf(q), facets: facetChoiceOf(q) };
    return ok(await catalogue.goodsList(db, config.publicUrl, filter, q.sort, q.page, q.page_size));
  });

  // FACET-01: the counts of every facet's values for the list's query (the same parameters, less paging).
  app.get('/api/goods/facets', async (request) => {
    const q = parse(listQuery, request.query);
    return ok(await goodsFacets(db, listScopeOf(q), facetChoiceOf(q)));
  });

  app.get('/api/goods/search', async (request) => {
    const q = parse(searchQuery, request.query);
    return ok(await catalogue.suggestions(db, q.type, q.keywords));
  });

  app.get('/api/goods/activities', async (request) =>
    ok(await catalogue.goodsActivities(db, parse(activitiesQuery, request.query).goods_ids)),
  );

  app.get('/api/goods/hot', async () => ok(await catalogue.hotGoods(db, config.publicUrl)));

  app.get('/api/index/spike', async () => ok(await catalogue.spike(db, config.publicUrl)));

  app.get('/api/activity/everyday_price', async (request) => {
    const q = parse(pageQuery, request.query);
    return ok(await catalogue.specialsPage(db, config.publicUrl, q.page, q.page_size));
  });

  // The path's number is the page, as the old client asked for /api/index_wntj/1.
  app.get('/api/index_wntj/:page', async (request) => {
    const pageNumber = pathId(request.params, 'page');
    const q = parse(pageQuery, { ...(request.query as object), page: String(pageNumber ?? 0) });
    return ok(await catalogue.recommendedPage(db, config.publicUrl, q.page, q.page_size));
  });

  app.get('/api/focus/brand/:id', async (request) =>
    ok(await catalogue.brand(db, config.publicUrl, pathId(request.params, 'id'))),
  );

  app.get('/api/goods/kx_categories', async () => ok(await catalogue.controlledSalesSeries(db)));

  // Registered beside GET /api/focus/{slot}: the static path wins, and only this slot is asked for by ids.
  app.get('/api/focus/kxzq_ad', async (request) =>
    ok(await catalogue.controlledSalesAds(db, config.publicUrl, parse(adsQuery, request.query).ids)),
  );
}
