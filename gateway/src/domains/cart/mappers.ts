import type { AnswerData, Schemas } from '../../rest/client';

/** The upstream's priced cart (CART-22: priced once, there); `user_id` is the cart's id. */
export type CartMapper = Schemas['CartList'];
export type CartLineMapper = Schemas['CartLine'];
/** The summary reads the upstream's `summary` and its promotion tiers, so it resolves from the whole cart. */
export type CartSummaryMapper = Schemas['CartList'];
export type TierMapper = Schemas['CartTier'];
export type StoreAccountMapper = AnswerData<'/api/user/stores', 'get'>[number];
