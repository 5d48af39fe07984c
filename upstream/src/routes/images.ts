import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { notFound, parseId } from '../lib/http';
import {
  bannerSvg,
  brandSvg,
  goodsSvg,
  prizeSvg,
  type BannerPicture,
  type GoodsPicture,
  type PrizePicture,
} from '../lib/svg';

function sendSvg(reply: FastifyReply, svg: string) {
  // Pictures are drawn from rows that do not change once seeded; addresses carry the id, so caching for a year
  // is safe and spares the upstream the repeat requests of every list page.
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(svg);
}

export function imageRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/images/goods/:id.svg', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] =
      id === undefined
        ? []
        : await db.query<GoodsPicture>('SELECT id, name, sccj, ypgg, bzdw, type, pzwh FROM goods WHERE id = $1', [id]);
    if (row === undefined) throw notFound('图片不存在');
    return sendSvg(reply, goodsSvg(row));
  });

  app.get('/api/images/banner/:id.svg', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] =
      id === undefined
        ? []
        : await db.query<BannerPicture>('SELECT id, slot, name, subtitle, url FROM banners WHERE id = $1', [id]);
    if (row === undefined) throw notFound('图片不存在');
    return sendSvg(reply, bannerSvg(row));
  });

  app.get('/api/images/brand/:id.svg', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] =
      id === undefined
        ? []
        : await db.query<{ id: number; name: string }>('SELECT id, name FROM brands WHERE id = $1', [id]);
    if (row === undefined) throw notFound('图片不存在');
    return sendSvg(reply, brandSvg(row));
  });

  app.get('/api/images/prize/:id.svg', async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] =
      id === undefined
        ? []
        : await db.query<PrizePicture>('SELECT id, name, is_prize FROM draw_prizes WHERE id = $1', [id]);
    if (row === undefined) throw notFound('图片不存在');
    return sendSvg(reply, prizeSvg(row));
  });
}
