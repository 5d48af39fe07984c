/**
 * Business scope (经营范围, SCOPE-01..SCOPE-05): whether goods lie within the scope classes the buyer's company is
 * granted. Every add to the cart asks it in the statement that reads the goods; placing an order asks it again.
 */
import { Refusal } from '@pharma/domain/codes';
import { outOfScopeOrderText, outOfScopeText } from '@pharma/domain/business-scope';
import type { Queryable } from '../db/db';
import { ApiError } from './http';

/**
 * SQL true when goods `goods` (an alias of the goods table) is within the scope of the company of the user whose id
 * is the parameter `userParam` ('$2'). SCOPE-05: a company with no scope on record (one whose licences are not
 * reviewed yet) is not limited.
 */
export function inScopeSql(goods: string, userParam: string): string {
  return `COALESCE((SELECT bool_or(ss.scope_class = ${goods}.scope_class)
    FROM users su JOIN business_scopes ss ON ss.company_id = su.company_id WHERE su.id = ${userParam}), true)`;
}

/** SCOPE-03: adding goods outside the buyer's scope (40160); a set's refusal names its goods. */
export const outOfScope = (goodsName?: string) => new ApiError(400, Refusal.OUT_OF_SCOPE, outOfScopeText(goodsName));

/**
 * SCOPE-05: the scope classes the user's company is granted, in the licence's order; empty for a company whose scope
 * is not on record, which nothing limits.
 */
export async function scopeClassesOf(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.query<{ scope_class: string }>(
    `SELECT s.scope_class FROM business_scopes s JOIN users u ON u.company_id = s.company_id
     WHERE u.id = $1 ORDER BY s.sort, s.id`,
    [userId],
  );
  return rows.map((r) => r.scope_class);
}

/**
 * SCOPE-04: an order holds no goods outside the buyer's scope, however long its lines sat in the cart: refused with
 * 40161, naming each such goods, before anything is taken.
 */
export async function assertOrderInScope(q: Queryable, userId: number, goodsIds: readonly number[]): Promise<void> {
  if (goodsIds.length === 0) return;
  const outside = await q.query<{ name: string }>(
    `SELECT g.name FROM goods g WHERE g.id = ANY($1::int[]) AND NOT ${inScopeSql('g', '$2')} ORDER BY g.id`,
    [[...new Set(goodsIds)], userId],
  );
  if (outside.length > 0) {
    throw new ApiError(400, Refusal.ORDER_OUT_OF_SCOPE, outOfScopeOrderText([...new Set(outside.map((g) => g.name))]));
  }
}
