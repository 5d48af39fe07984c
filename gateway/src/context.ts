import DataLoader from 'dataloader';
import type { YogaInitialContext } from 'graphql-yoga';
import type { RestClient, UpstreamSession } from './rest/client';
import { Once } from './once';
import {
  fetchAddresses,
  fetchUserBase,
  fetchWalletBalance,
  type AddressDto,
  type UserBaseDto,
} from './domains/user/rest';
import {
  fetchActivities,
  fetchActivity,
  fetchActivityList,
  fetchGoodsDetail,
  MAX_ACTIVITIES_PER_CALL,
  MAX_GOODS_PER_CALL,
  type ActivityDto,
  type GoodsDto,
} from './domains/goods/rest';
import { fetchFavoriteIds } from './domains/favorites/rest';
import { fetchFocusCommon, type FocusCommonDto } from './domains/focus/rest';
import { fetchCartList, type CartListDto } from './domains/cart/rest';
import { fetchUnusedCouponCount } from './domains/coupons/rest';
import { fetchOrder, type OrderDto } from './domains/orders/rest';
import { fetchControlledSalesSeries, type ControlledSalesSeriesDto } from './domains/controlled-sales/rest';
import {
  fetchCurrentDraw,
  fetchDrawActivity,
  fetchDrawWins,
  type CurrentDrawDto,
  type DrawActivityDto,
  type DrawWinDto,
} from './domains/draw/rest';

/**
 * Everything one GraphQL request reads from the upstream goes through these, so an operation makes each call once.
 * They are created per request and never shared: a shared loader would send one buyer's request with another's token.
 */
export interface Loaders {
  goods: DataLoader<string, GoodsDto | null>;
  userBase: Once<UserBaseDto>;
  focusCommon: Once<FocusCommonDto>;
  /** The controlled-sales series: the index and any one series of an operation share one call. */
  controlledSalesSeries: Once<ControlledSalesSeriesDto[]>;
  cart: Once<CartListDto>;
  addresses: Once<AddressDto[]>;
  walletBalance: Once<number>;
  unusedCouponCount: Once<number>;
  order: DataLoader<string, OrderDto | null>;
  /** Whether each goods is the buyer's favourite: one upstream call per page of goods, none for a visitor. */
  favorite: DataLoader<string, boolean>;
  /** The activities of each goods: one upstream call per page of goods. */
  activities: DataLoader<string, ActivityDto[]>;
  /** Activities by themselves, by id (null when unknown): one upstream call for all an operation names. */
  activity: DataLoader<string, ActivityDto | null>;
  /** The lucky draw running now for this buyer; never loaded for a visitor (the upstream answers 401). */
  currentDraw: Once<CurrentDrawDto | null>;
  /** Lucky draws by id (null when unknown): `currentLuckyDraw` and `luckyDraw(id)` of one operation share a call. */
  drawActivity: DataLoader<string, DrawActivityDto | null>;
  /** The recent wins of each lucky draw, read only when an operation selects them. */
  drawWins: DataLoader<string, DrawWinDto[]>;
}

export interface Context extends YogaInitialContext {
  upstream: UpstreamSession;
  loaders: Loaders;
}

export function createLoaders(upstream: UpstreamSession): Loaders {
  return {
    // The upstream has no batch endpoint, so a batch is the distinct ids fetched in parallel; the loader's value is
    // deduplication within the operation.
    goods: new DataLoader<string, GoodsDto | null>((ids) =>
      Promise.all(ids.map((id) => fetchGoodsDetail(upstream, id).catch((error: unknown) => toError(error)))),
    ),
    userBase: new Once(() => fetchUserBase(upstream)),
    focusCommon: new Once(() => fetchFocusCommon(upstream)),
    controlledSalesSeries: new Once(() => fetchControlledSalesSeries(upstream)),
    cart: new Once(() => fetchCartList(upstream)),
    addresses: new Once(() => fetchAddresses(upstream)),
    walletBalance: new Once(() => fetchWalletBalance(upstream)),
    unusedCouponCount: new Once(() => fetchUnusedCouponCount(upstream)),
    order: new DataLoader<string, OrderDto | null>((ids) =>
      Promise.all(ids.map((id) => fetchOrder(upstream, id).catch((error: unknown) => toError(error)))),
    ),
    favorite: new DataLoader<string, boolean>(
      async (ids) => {
        if (!upstream.presentsCredentials) return ids.map(() => false);
        const favorites = await fetchFavoriteIds(upstream, ids);
        return ids.map((id) => favorites.has(id));
      },
      { maxBatchSize: MAX_GOODS_PER_CALL },
    ),
    activities: new DataLoader<string, ActivityDto[]>(
      async (ids) => {
        const byGoods = await fetchActivities(upstream, ids);
        return ids.map((id) => byGoods.get(id) ?? []);
      },
      { maxBatchSize: MAX_GOODS_PER_CALL },
    ),
    activity: new DataLoader<string, ActivityDto | null>(
      async (ids) => {
        // One activity is its own resource (a 404 is null); several are one list call.
        const [only] = ids;
        if (ids.length === 1 && only !== undefined) return [await fetchActivity(upstream, only)];
        const found = new Map((await fetchActivityList(upstream, ids)).map((a) => [String(a.id), a]));
        return ids.map((id) => found.get(id) ?? null);
      },
      { maxBatchSize: MAX_ACTIVITIES_PER_CALL },
    ),
    currentDraw: new Once(() => fetchCurrentDraw(upstream)),
    drawActivity: new DataLoader<string, DrawActivityDto | null>((ids) =>
      Promise.all(ids.map((id) => fetchDrawActivity(upstream, id).catch((error: unknown) => toError(error)))),
    ),
    drawWins: new DataLoader<string, DrawWinDto[]>((ids) =>
      Promise.all(ids.map((id) => fetchDrawWins(upstream, id).catch((error: unknown) => toError(error)))),
    ),
  };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Builds the context factory Yoga calls per request; `cookies` receives what the upstream sets for this request. */
export function contextFactory(client: RestClient, cookiesFor: (request: Request) => string[]) {
  return ({ request }: YogaInitialContext): Omit<Context, keyof YogaInitialContext> => {
    const upstream = client.session(
      { authorization: request.headers.get('authorization'), cookie: request.headers.get('cookie') },
      cookiesFor(request),
    );
    return { upstream, loaders: createLoaders(upstream) };
  };
}
