import type { Schemas } from '../../rest/client';

export type LuckyDrawMapper = Schemas['DrawActivity'];
export type DrawPrizeMapper = Schemas['DrawPrize'];
export type DrawRecordMapper = Schemas['DrawRecord'];
export type DrawRecordPageMapper = Schemas['DrawRecordPage'];
export type DrawWinMapper = Schemas['DrawWin'];
