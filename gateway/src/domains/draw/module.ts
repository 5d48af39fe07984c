import DataLoader from 'dataloader';
import type { GatewayModule } from '../../module';
import { Once, settle } from '../../once';
import type { AnswerData } from '../../rest/client';
import type { DrawWinMapper, LuckyDrawMapper } from './mappers';
import { drawResolvers } from './resolvers';
import { fetchCurrentDraw, fetchDrawActivity, fetchDrawWins } from './rest';

declare module '../../context' {
  interface Loaders {
    /** The lucky draw running now for this buyer; never loaded for a visitor (the upstream answers 401). */
    currentDraw: Once<AnswerData<'/api/draw/simple', 'get'>>;
    /** Lucky draws by id (null when unknown): `currentLuckyDraw` and `luckyDraw(id)` of one operation share a call. */
    drawActivity: DataLoader<string, LuckyDrawMapper | null>;
    /** The recent wins of each lucky draw, read only when an operation selects them. */
    drawWins: DataLoader<string, DrawWinMapper[]>;
  }
}

export const gatewayModule: GatewayModule = {
  resolvers: drawResolvers,
  loaders: (upstream) => ({
    currentDraw: new Once(() => fetchCurrentDraw(upstream)),
    drawActivity: new DataLoader((ids) => Promise.all(ids.map((id) => settle(fetchDrawActivity(upstream, id))))),
    drawWins: new DataLoader((ids) => Promise.all(ids.map((id) => settle(fetchDrawWins(upstream, id))))),
  }),
};
