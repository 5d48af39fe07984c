/**
 * The lucky draw (抽奖, DRAW-06 and DRAW-07 in docs/product.md): the home pop-up's running draw, a draw's page,
 * drawing once and the buyer's records. Rules and transactions over the store; no HTTP here.
 */
import { Refusal } from '@pharma/domain/codes';
import type { Db, Queryable } from '../../db/db';
import { ApiError, iso } from '../../lib/http';
import { page } from '../../lib/paging';
import { bannerImage } from '../focus/service';
import * as store from './store';
import type { PrizeRow, RecordRow } from './store';
import { publicImageUrl } from '../../lib/public-url';

export const drawNotFound = () => new ApiError(404, Refusal.DRAW_NOT_FOUND, '抽奖活动不存在');
export const drawNotStarted = () => new ApiError(400, Refusal.DRAW_NOT_STARTED, '抽奖活动未开始');
export const drawEnded = () => new ApiError(400, Refusal.DRAW_ENDED, '抽奖活动已结束');

/** DRAW-07: the latest wins under a draw, enough to keep the list scrolling, few enough for one index range. */
export const NEW_RECORD_LIMIT = 20;

/** DRAW-07: masks a buyer's name for the public list of wins: the first two characters, then `**`. */
export function maskName(username: string): string {
  return `${Array.from(username).slice(0, 2).join('')}**`;
}

/**
 * Picks by weight: `random(total)` lands in one prize's share of [0, total). Refuses an answer outside the range,
 * so a broken random source fails loudly instead of always giving the first or last prize.
 */
export function pickByWeight<P extends { weight: number }>(prizes: readonly P[], random: (max: number) => number): P {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  const n = random(total);
  if (!Number.isInteger(n) || n < 0 || n >= total)
    throw new Error(`draw random source gave ${n} outside [0, ${total})`);
  let rest = n;
  for (const prize of prizes) {
    if (rest < prize.weight) return prize;
    rest -= prize.weight;
  }
  throw new Error('pickByWeight: no prize to pick');
}

/** What the draw answers need besides the store: where pictures are served and the random source. */
export interface DrawDeps {
  db: Db;
  publicUrl: string;
  /** A whole number from 0 up to, not including, maxExclusive. */
  random: (maxExclusive: number) => number;
}

function prizeDto(publicUrl: string, p: PrizeRow) {
  return {
    id: p.id,
    name: p.name,
    remarks: p.remarks,
    image: publicImageUrl(publicUrl, p.image),
    is_prize: p.is_prize === 1 ? 1 : 0,
    sold_out: p.stock === 0 ? 1 : 0,
  };
}

// name and remarks repeat the prize's: the old client's draw answer carried them at the top.
function recordDto(publicUrl: string, r: RecordRow) {
  return {
    id: r.id,
    draw_id: r.draw_id,
    draw_name: r.draw_name,
    prize: prizeDto(publicUrl, {
      id: r.prize_id,
      name: r.prize_name,
      remarks: r.prize_remarks,
      image: r.prize_image,
      is_prize: r.is_prize,
      stock: r.stock,
    }),
    name: r.prize_name,
    remarks: r.prize_remarks,
    created_at: iso(r.created_at),
  };
}

/**
 * DRAW-06: draws once for the buyer in one transaction and answers the record's id, with `fresh` false when it is
 * the buyer's earlier draw (a repeat, or a concurrent draw that lost the race).
 */
export async function drawOnce(
  db: Db,
  random: (maxExclusive: number) => number,
  drawId: number,
  userId: number,
): Promise<{ recordId: number; fresh: boolean }> {
  return db.transaction(async (tx) => {
    const status = await store.drawStatus(tx, drawId);
    if (status === undefined) throw drawNotFound();
    // An earlier draw is answered before the period is checked: a retry of a draw made in the draw's last second
    // must give its result, not 已结束.
    const earlier = await store.recordOf(tx, drawId, userId);
    if (earlier !== undefined) return { recordId: earlier.id, fresh: false };
    if (status === 0) throw drawNotStarted();
    if (status === 2) throw drawEnded();

    const prizes = await store.pickablePrizes(tx, drawId);
    const consolation = prizes.find((p) => p.is_prize === 0 && p.stock === null);
    if (consolation === undefined) throw new Error(`draw ${drawId} has no consolation prize (is_prize 0, stock null)`);
    // The claim comes first, holding the consolation prize, so that a concurrent draw by the same buyer waits here.
    const claim = await store.claimRecord(tx, drawId, userId, consolation.id);
    if (claim === undefined) {
      const first = await store.recordOf(tx, drawId, userId);
      if (first === undefined) throw new Error(`draw ${drawId}: the conflicting record of user ${userId} vanished`);
      return { recordId: first.id, fresh: false };
    }

    let won = pickByWeight(prizes, random);
    // Losing the race for the last unit gives the consolation prize instead.
    if (won.stock !== null && !(await store.takePrizeUnit(tx, won.id))) won = consolation;
    if (won.id !== consolation.id) await store.setRecordPrize(tx, claim, won.id);
    if (won.coupon_id !== null) await store.grantCoupon(tx, userId, won.coupon_id);
    return { recordId: claim, fresh: true };
  });
}

/** Draws once and answers the record with the message the buyer reads. */
export async function draw(deps: DrawDeps, drawId: number, userId: number) {
  const { recordId, fresh } = await drawOnce(deps.db, deps.random, drawId, userId);
  const row = await store.recordById(deps.db, recordId);
  if (row === undefined) throw new Error(`draw record ${recordId} vanished after the draw`);
  return { record: recordDto(deps.publicUrl, row), message: fresh ? '抽奖成功' : '您已参与过本次抽奖' };
}

/** DRAW-01: the running draw for the home pop-up, or null when none runs. */
export async function currentDraw(q: Queryable, userId: number) {
  const row = await store.runningDraw(q, userId);
  return row === undefined ? null : { id: row.id, name: row.name, is_join: row.joined ? 1 : 0 };
}

/** A draw by id, whatever its status; `userId` null for a visitor, whose `is_join` and `my_record` are null. */
export async function drawActivity(deps: DrawDeps, drawId: number, userId: number | null) {
  const [found, prizes, record] = await Promise.all([
    store.findDraw(deps.db, drawId),
    store.prizesOf(deps.db, drawId),
    userId === null ? Promise.resolve(undefined) : store.recordOf(deps.db, drawId, userId),
  ]);
  if (found === undefined) throw drawNotFound();
  return {
    id: found.id,
    name: found.name,
    remarks: found.remarks,
    start_at: iso(found.start_at),
    end_at: iso(found.end_at),
    status: found.status,
    prizes: prizes.map((p) => prizeDto(deps.publicUrl, p)),
    // A visitor's answer says "unknown" rather than "not joined": only a session can have joined.
    is_join: userId === null ? null : record === undefined ? 0 : 1,
    my_record: record === undefined ? null : recordDto(deps.publicUrl, record),
  };
}

/** DRAW-07: the latest wins of a draw, names masked. */
export async function latestWins(q: Queryable, drawId: number) {
  const [exists, rows] = await Promise.all([
    store.drawExists(q, drawId),
    store.latestWins(q, drawId, NEW_RECORD_LIMIT),
  ]);
  if (!exists) throw drawNotFound();
  return rows.map((r) => ({ username: maskName(r.username), prize_name: r.prize_name, created_at: iso(r.created_at) }));
}

/** A page of the buyer's draws in every lucky draw, newest first. */
export async function recordsPage(deps: DrawDeps, userId: number, current: number, perPage: number) {
  const [total, rows] = await Promise.all([
    store.countRecordsOfUser(deps.db, userId),
    store.recordsOfUser(deps.db, userId, perPage, (current - 1) * perPage),
  ]);
  return page(
    rows.map((r) => recordDto(deps.publicUrl, r)),
    total,
    current,
    perPage,
  );
}

/** The draw page's advertisements: the banners of slot 'draw', the same for every draw. */
export async function drawAds(q: Queryable, publicUrl: string) {
  const rows = await store.drawBanners(q);
  return rows.map((r) => ({
    id: r.id,
    image: bannerImage(publicUrl, r.id),
    url: r.url,
    title: r.name,
  }));
}
