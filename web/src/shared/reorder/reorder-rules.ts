/**
 * Due to reorder (补货提醒, REORDER-03, REORDER-05, REORDER-06): the words of a row and the lines 加入购物车 sends.
 * The cadence, the state and the price come computed from the upstream; nothing here computes them.
 */
import { clampQuantity } from '../quantity';

export interface ReorderRowState {
  id: string;
  usualQuantity: number;
  stock: number;
  isBuyable: boolean;
  daysLeft: number;
}

/** 约每 14 天 */
export const intervalText = (days: number) => `约每 ${days} 天`;

/** REORDER-03: 今天该补货, 已超 3 天, 2 天后到期. */
export function dueText(daysLeft: number): string {
  if (daysLeft === 0) return '今天该补货';
  if (daysLeft < 0) return `已超 ${-daysLeft} 天`;
  return `${daysLeft} 天后到期`;
}

/** TIME-03: a China date YYYY-MM-DD as buyers read it, 2026/11/14. */
export const dayText = (day: string) => day.replaceAll('-', '/');

/** REORDER-05: the usual quantity within today's stock, the stepper's first value. */
export const firstQuantity = (row: ReorderRowState) => clampQuantity(row.usualQuantity, row.stock);

/** REORDER-05, REORDER-06: buyable rows start chosen; a row that cannot be bought is never chosen. */
export const firstChoice = (rows: readonly ReorderRowState[]) =>
  new Set(rows.filter((row) => row.isBuyable).map((row) => row.id));

/**
 * REORDER-05: the lines 加入购物车 sends: each chosen, buyable row with its quantity (the stepper's, else the usual one
 * within stock), in the list's order.
 */
export function chosenLines(
  rows: readonly ReorderRowState[],
  chosen: ReadonlySet<string>,
  quantities: ReadonlyMap<string, number>,
): { goodsId: string; number: number }[] {
  return rows
    .filter((row) => row.isBuyable && chosen.has(row.id))
    .map((row) => ({ goodsId: row.id, number: quantities.get(row.id) ?? firstQuantity(row) }));
}
