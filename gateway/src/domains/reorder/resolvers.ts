import type { ReorderState, Resolvers } from '../../generated/resolvers';
import { badUserInput } from '../../errors';
import type { ReorderSuggestionMapper } from './mappers';
import { fetchReorder } from './rest';

const STATES: Record<ReorderSuggestionMapper['state'], ReorderState> = { due: 'DUE', soon: 'DUE_SOON' };

export const reorderResolvers: Resolvers = {
  Query: {
    // REORDER-01..REORDER-05: the company's goods due or due soon, computed and priced by the upstream.
    reorderSuggestions: (_parent, { limit }, { upstream }) => {
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
        throw badUserInput({ limit: ['数量必须在1到100之间'] });
      }
      return fetchReorder(upstream, limit);
    },
  },
  ReorderSuggestions: {
    dueCount: (list) => list.due,
  },
  ReorderSuggestion: {
    id: (item) => String(item.goods_id),
    manufacturer: (item) => item.sccj,
    spec: (item) => item.ypgg,
    packingUnit: (item) => item.bzdw,
    image: (item) => item.goods_image,
    timesBought: (item) => item.times,
    lastPurchaseDate: (item) => item.last_day,
    intervalDays: (item) => item.interval_days,
    usualQuantity: (item) => item.usual_number,
    dueDate: (item) => item.due_day,
    daysLeft: (item) => item.days_left,
    state: (item) => STATES[item.state],
    priceLabel: (item) => item.price_label,
    // REORDER-06: the upstream says why not; buyable exactly when it has no reason.
    isBuyable: (item) => item.reason === null,
    unavailableReason: (item) => item.reason,
  },
};
