/** The buyer's coupons (ORDER-07), wallet (PAY-04), points, cash vouchers, points orders and receipts; no HTTP. */
import { eligibleTotal } from '@pharma/domain/cart-pricing';
import type { Db, Queryable } from '../../db/db';
import { couponDto, couponWithUsability, orderableLines, unusedCoupons } from '../../lib/checkout';
import { formError, iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { balanceOf } from '../orders/store';
import * as points from './points';
import * as store from './store';
import { publicImageUrl } from '../../lib/public-url';

export const voucherNotFound = () => notFound('现金券不存在');

export async function couponsPage(q: Queryable, userId: number, status: number | undefined, at: number, size: number) {
  const { rows, total } = await store.couponPage(q, userId, status, size, (at - 1) * size);
  return page(rows.map(couponDto), total, at, size);
}

/** The unused coupons with whether each applies to the lines among `ids` (the whole cart without them). */
export async function availableCoupons(q: Queryable, userId: number, ids: readonly number[] | undefined) {
  const [lines, coupons] = await Promise.all([
    orderableLines(q, userId, ids ?? (await store.cartLineIds(q, userId))),
    unusedCoupons(q, userId),
  ]);
  const eligible = eligibleTotal(lines);
  return coupons.map((c) => couponWithUsability(c, eligible));
}

/** The buyer's coupons by status (WALLET-07); `unused` is what the old client read. */
export const couponCounts = (q: Queryable, userId: number) => store.couponCounts(q, userId);

export const balance = async (q: Queryable, userId: number) => ({ balance: await balanceOf(q, userId) });

/** A ledger's page as answered: times in ISO, and the totals in and out over the whole filter (WALLET-03). */
function ledgerAnswer<R extends { created_at: Date | string }>(
  { rows, total, totalIn, totalOut }: points.LedgerPage<R>,
  at: number,
  size: number,
) {
  return {
    ...page(
      rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
      total,
      at,
      size,
    ),
    total_in: totalIn,
    total_out: totalOut,
  };
}

export async function moneyLog(q: Queryable, userId: number, filter: store.MoneyLogFilter, at: number, size: number) {
  return ledgerAnswer(await store.moneyLogPage(q, userId, filter, size, (at - 1) * size), at, size);
}

/** The company's points (WALLET-01): shared by every store of the company. */
export const pointsBalance = async (q: Queryable, userId: number) => ({ points: await points.pointsOf(q, userId) });

export async function pointsLog(q: Queryable, userId: number, filter: points.LogFilter, at: number, size: number) {
  return ledgerAnswer(await points.pointsLogPage(q, userId, filter, size, (at - 1) * size), at, size);
}

function voucherDto(row: store.VoucherRow) {
  return {
    ...row,
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
    used_at: row.used_at === null ? null : iso(row.used_at),
  };
}

export async function vouchersPage(q: Queryable, userId: number, status: number | undefined, at: number, size: number) {
  const { rows, total } = await store.voucherPage(q, userId, status, size, (at - 1) * size);
  return page(rows.map(voucherDto), total, at, size);
}

export const voucherCounts = (q: Queryable, userId: number) => store.voucherCounts(q, userId);

const VOUCHER_REFUSALS: Record<number, string> = {
  1: '该现金券已使用',
  2: '该现金券已过期',
  3: '该现金券尚未到使用时间',
};

/**
 * WALLET-04: turns a usable voucher into balance, in one transaction and once — the voucher marked used, the
 * balance credited and the recharge written to the money log. Another buyer's voucher answers as an unknown one;
 * a used, expired or not-yet-valid voucher is refused by field and changes nothing.
 */
export async function redeemVoucher(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const used = await store.useVoucher(tx, userId, id);
    if (used === undefined) {
      const row = await store.voucherOf(tx, userId, id);
      if (row === undefined) throw voucherNotFound();
      throw formError({ id: [VOUCHER_REFUSALS[row.status] ?? '该现金券不可使用'] });
    }
    const { logId, balance } = await store.creditBalance(tx, userId, used.amount, `现金券充值 ${used.name}`);
    await store.linkVoucherLog(tx, id, logId);
    const row = await store.voucherOf(tx, userId, id);
    if (row === undefined) throw new Error(`voucher ${id} vanished after its use`);
    return { voucher: voucherDto(row), balance };
  });
}

/** The buyer's points orders; each shows the picture of the mall goods it took, under the public address. */
export async function pointsOrders(
  q: Queryable,
  publicUrl: string,
  userId: number,
  status: number | undefined,
  at: number,
  size: number,
) {
  const { rows, total } = await store.pointsOrderPage(q, userId, status, size, (at - 1) * size);
  return page(
    rows.map((r) => ({ ...r, goods_image: publicImageUrl(publicUrl, r.goods_image), created_at: iso(r.created_at) })),
    total,
    at,
    size,
  );
}

/** The receipts of the buyer's ephedrine-type orders, the ID card masked (WALLET-05). */
export async function receipts(q: Queryable, userId: number, at: number, size: number) {
  const { rows, total } = await store.receiptPage(q, userId, size, (at - 1) * size);
  return page(
    rows.map((r) => ({
      order_id: r.order_id,
      order_sn: r.order_sn,
      order_status: r.order_status,
      order_created_at: iso(r.order_created_at),
      name: r.name,
      id_card: r.id_card_masked,
      created_at: iso(r.created_at),
      goods: r.goods,
    })),
    total,
    at,
    size,
  );
}
