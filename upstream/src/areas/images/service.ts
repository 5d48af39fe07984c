/** Pictures drawn as SVG from the rows they show: goods, banners, brands, lucky-draw prizes and inspection reports. */
import type { Queryable } from '../../db/db';
import { notFound } from '../../lib/http';
import { bannerSvg, brandSvg, goodsSvg, prizeSvg, reportSvg } from '../../lib/svg';
import { reportPicture } from '../inspection/store';
import * as store from './store';

export type PictureKind = 'goods' | 'banner' | 'brand' | 'prize' | 'report';

async function draw<T>(row: Promise<T | undefined>, render: (row: T) => string): Promise<string> {
  const found = await row;
  if (found === undefined) throw notFound('图片不存在');
  return render(found);
}

/** The SVG of one row; 404 when there is no such row (an id that is not a record id names none). */
export function picture(q: Queryable, kind: PictureKind, id: number | undefined): Promise<string> {
  if (id === undefined) return Promise.reject(notFound('图片不存在'));
  switch (kind) {
    case 'goods':
      return draw(store.goodsPicture(q, id), goodsSvg);
    case 'banner':
      return draw(store.bannerPicture(q, id), bannerSvg);
    case 'brand':
      return draw(store.brandPicture(q, id), brandSvg);
    case 'prize':
      return draw(store.prizePicture(q, id), prizeSvg);
    case 'report':
      return draw(reportPicture(q, id), reportSvg);
  }
}
