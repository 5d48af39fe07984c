import { CHINA_TODAY } from '../db/china-day';
import type { Queryable } from '../db/db';

/**
 * The fourth seed step (issue 4): expiry dates and controlled sales. Expiry dates spread over 60 to 779 days from
 * the seeding in a fixed pattern of the goods id, so about one goods in six is near expiry on a fresh store.
 * Controlled-sales goods (控销: regionally exclusive, sold to contracted stores) are a fixed sixth of the
 * unbranded goods: brands sell through every channel.
 */
export async function seedZones(tx: Queryable): Promise<void> {
  await tx.query(`UPDATE goods SET expire_date = ${CHINA_TODAY} + 60 + (id * 7919) % 720`);
  await tx.query('UPDATE goods SET is_kx = 1 WHERE brand_id IS NULL AND id % 6 = 1');
}
