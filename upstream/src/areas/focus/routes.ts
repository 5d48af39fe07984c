import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sellerOf } from '../../config';
import type { AppContext } from '../../context';
import { notFound, ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import { parseRecordId } from '@pharma/domain/validation';
import { navSvg } from './nav-picture';
import * as focus from './service';
import { navPicture } from './store';

const postListQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 20),
  // INFO-05: 1 industry news, 2 company news; without it every post.
  type: z.enum(['1', '2'], { error: '资讯类型只能是1（行业资讯）或2（公司动态）' }).transform(Number).optional(),
});

export function focusRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/focus/common', async () => ok(await focus.focusCommon(db, config.publicUrl)));

  app.get('/api/focus', async () => ok(await focus.banners(db, config.publicUrl, 'home')));

  app.get('/api/focus/:slot', async (request) =>
    ok(await focus.slotBanners(db, config.publicUrl, (request.params as { slot: string }).slot)),
  );

  app.get('/api/global/links', async () => ok(await focus.links(db)));

  // INFO-08: the marketplace's seller as the footer prints it (its name and licences), from the configuration, so the
  // footer names the company the contract, the transfer payee and the invoices name.
  const seller = sellerOf(config);
  app.get('/api/global/seller', async () =>
    ok({
      name: seller.name,
      tax_id: seller.taxId,
      drug_licence: seller.drugLicence,
      internet_drug_licence: seller.internetDrugLicence,
    }),
  );

  // SHELL-19: the pictures the seed gives navigation links (`/api/images/nav/{id}.svg`), drawn from their names.
  app.get('/api/images/nav/:id.svg', async (request, reply) => {
    const id = parseRecordId((request.params as { id: string }).id);
    const row = id === undefined ? undefined : await navPicture(db, id);
    if (row === undefined) throw notFound('图片不存在');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(navSvg(row));
  });

  app.get('/api/article/category', async (request) => {
    const raw = (request.query as { category_id?: unknown }).category_id;
    // SHELL-07: the footer asks for the help group; anything that is not a group number finds nothing.
    const group =
      raw === undefined
        ? focus.HELP_ARTICLE_GROUP
        : typeof raw === 'string' && /^\d{1,9}$/.test(raw)
          ? Number(raw)
          : -1;
    return ok(await focus.articleCategories(db, group));
  });

  app.get('/api/focus/postList', async (request) => {
    const q = parse(postListQuery, request.query);
    return ok(await focus.newsPage(db, q.page, q.page_size, q.type));
  });
}
