import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { asPage, hasKeys, type PageDto } from '../../paging';

/** A 0/1 flag of the draw answers; booleans are read too. */
export type FlagDto = 0 | 1 | boolean;

/** The draw running now, as GET /api/draw/simple answers it (docs/adr/0107-lucky-draw.md). */
export interface CurrentDrawDto {
  id: number | string;
  name: string;
  is_join: FlagDto;
}

/** One prize of a lucky draw. */
export interface DrawPrizeDto {
  id: number | string;
  name: string;
  remarks?: string | null;
  image?: string | null;
  /** 0 for the consolation entry (谢谢参与). */
  is_prize: FlagDto;
  sold_out: FlagDto;
}

/** A buyer's draw (GET /api/draw, /api/draw/record, and `my_record` of the activity). */
export interface DrawRecordDto {
  id: number | string;
  draw_id: number | string;
  draw_name: string;
  prize: DrawPrizeDto;
  created_at: string | number;
}

/** A lucky draw by itself (GET /api/draw/{id}/activity); `is_join` and `my_record` are null without a session. */
export interface DrawActivityDto {
  id: number | string;
  name: string;
  /** The rules text. */
  remarks?: string | null;
  start_at: string | number;
  end_at: string | number;
  /** 0 upcoming, 1 running, 2 ended. */
  status: number;
  prizes: DrawPrizeDto[];
  is_join?: FlagDto | null;
  my_record?: DrawRecordDto | null;
}

/** A recent win of GET /api/draw/new_record; the user name comes masked from the upstream. */
export interface DrawWinDto {
  username: string;
  prize_name: string;
  created_at: string | number;
}

export type DrawRecordPageDto = PageDto<DrawRecordDto>;

const isPrize = (value: unknown): value is DrawPrizeDto => hasKeys(value, 'id', 'name', 'is_prize', 'sold_out');

function isRecord(value: unknown): value is DrawRecordDto {
  return hasKeys(value, 'id', 'draw_id', 'draw_name', 'prize', 'created_at') && isPrize(value.prize);
}

function isActivity(value: unknown): value is DrawActivityDto {
  if (!hasKeys(value, 'id', 'name', 'start_at', 'end_at', 'status', 'prizes')) return false;
  if (!Array.isArray(value.prizes) || !value.prizes.every(isPrize)) return false;
  return value.my_record === undefined || value.my_record === null || isRecord(value.my_record);
}

const isWin = (value: unknown): value is DrawWinDto => hasKeys(value, 'username', 'prize_name', 'created_at');

const isCurrent = (value: unknown): value is CurrentDrawDto => hasKeys(value, 'id', 'name', 'is_join');

/** The draw running now, or null when none runs. Needs a session (401 without). */
export async function fetchCurrentDraw(upstream: UpstreamSession): Promise<CurrentDrawDto | null> {
  const { data } = await upstream.get<unknown>('/api/draw/simple');
  if (data === null) return null;
  if (!isCurrent(data)) throw unavailable();
  return data;
}

/** One lucky draw with its prizes, whatever its status; null when the upstream does not know it (404). */
export async function fetchDrawActivity(upstream: UpstreamSession, id: string): Promise<DrawActivityDto | null> {
  const answer = await upstream.getOrNull<unknown>(`/api/draw/${encodeURIComponent(id)}/activity`);
  if (answer === null) return null;
  if (!isActivity(answer.data)) throw unavailable();
  return answer.data;
}

/** The latest wins of a draw, newest first. */
export async function fetchDrawWins(upstream: UpstreamSession, id: string): Promise<DrawWinDto[]> {
  const { data } = await upstream.get<unknown>('/api/draw/new_record', { id });
  if (!Array.isArray(data) || !data.every(isWin)) throw unavailable();
  return data;
}

export async function fetchDrawRecords(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<DrawRecordPageDto> {
  const { data } = await upstream.get<unknown>('/api/draw/record', { ...query });
  return asPage(data, isRecord);
}

/**
 * Draws once (GET /api/draw?id=). The old client drew with a GET and the REST API kept it; the client's one retry
 * of a GET whose connection broke is safe because the upstream keeps one record per buyer and draw and answers it
 * again. Never behind a loader: a draw must reach the upstream, not be answered from a read of the same operation.
 */
export async function drawOnce(upstream: UpstreamSession, id: string): Promise<DrawRecordDto> {
  const { data } = await upstream.get<unknown>('/api/draw', { id });
  if (!isRecord(data)) throw unavailable();
  return data;
}
