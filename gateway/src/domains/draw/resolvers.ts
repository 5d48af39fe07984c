import type { GoodsActivityStatus, Resolvers } from '../../generated/resolvers';
import { badUserInput, errorCodeOf, fromUpstreamCode, unauthenticated } from '../../errors';
import { toDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import { drawOnce, fetchDrawAds, fetchDrawRecords } from './rest';
import { isRecordId } from '@pharma/domain/validation';

/** The upstream's draw status (0 upcoming, 1 running, 2 ended), the same scale as goods activities. */
const STATUSES: Record<number, GoodsActivityStatus> = { 0: 'UPCOMING', 1: 'RUNNING', 2: 'ENDED' };

/** A draw id the upstream could know (a positive 32-bit decimal); anything else is no such draw, without asking. */
const drawId = (id: string): string | null => {
  const trimmed = id.trim();
  return isRecordId(trimmed) ? trimmed : null;
};

/**
 * The upstream masks winners' names already (de**); masking again keeps a buyer's full name off the home page should
 * a deployment of the REST API send it unmasked. The mask is stripped first so a masked name stays as it came.
 */
const mask = (username: string) => `${Array.from(username.replace(/\*+$/, '')).slice(0, 2).join('')}**`;

export const drawResolvers: Resolvers = {
  Query: {
    currentLuckyDraw: async (_parent, _args, { upstream, loaders }) => {
      // The pop-up is for members: a visitor gets null without a call the upstream would refuse with 401.
      if (!upstream.presentsCredentials) return null;
      const current = await loaders.currentDraw.get().catch((error: unknown) => {
        // A session the upstream no longer knows is a visitor too, as for `me`: the home page must not fail on it.
        if (errorCodeOf(error) === 'UNAUTHENTICATED') return null;
        throw error;
      });
      if (current === null) return null;
      // The same loader as `luckyDraw(id)`: an operation asking both reads the draw once.
      return loaders.drawActivity.load(String(current.id));
    },
    luckyDraw: (_parent, { id }, { loaders }) => {
      const known = drawId(id);
      return known === null ? null : loaders.drawActivity.load(known);
    },
  },
  Mutation: {
    drawLuckyDraw: (_parent, { id }, { upstream }) => {
      const known = drawId(id);
      // Checked here so that an id never becomes a different upstream query.
      if (known === null) throw badUserInput({ id: ['抽奖活动不存在'] });
      if (!upstream.presentsCredentials) throw unauthenticated();
      return drawOnce(upstream, known);
    },
  },
  User: {
    drawRecords: (_user, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchDrawRecords(upstream, { page, page_size: pageSize });
    },
  },
  LuckyDraw: {
    id: (draw) => String(draw.id),
    // DRAW-09: the advertisements are the page's secondary part; the banner type reads `name` for its text.
    ads: async (draw, _args, { upstream }) =>
      (await fetchDrawAds(upstream, String(draw.id))).map((ad) => ({ ...ad, name: ad.title })),
    rules: (draw) => draw.remarks ?? '',
    startsAt: (draw) => toDateTime(draw.start_at),
    endsAt: (draw) => toDateTime(draw.end_at),
    status: (draw) => fromUpstreamCode(STATUSES, draw.status),
    joined: (draw) => (draw.is_join === null ? null : draw.is_join === 1),
    myResult: (draw) => draw.my_record ?? null,
    recentWins: (draw, _args, { loaders }) => loaders.drawWins.load(String(draw.id)),
  },
  DrawPrize: {
    id: (prize) => String(prize.id),
    remarks: (prize) => prize.remarks || null,
    image: (prize) => prize.image || null,
    isWin: (prize) => prize.is_prize === 1,
    soldOut: (prize) => prize.sold_out === 1,
  },
  DrawRecord: {
    id: (record) => String(record.id),
    drawId: (record) => String(record.draw_id),
    drawName: (record) => record.draw_name,
    drawnAt: (record) => toDateTime(record.created_at),
  },
  DrawWin: {
    maskedName: (win) => mask(win.username),
    prizeName: (win) => win.prize_name,
    drawnAt: (win) => toDateTime(win.created_at),
  },
  DrawRecordPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
};
