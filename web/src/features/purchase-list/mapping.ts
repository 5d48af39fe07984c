/**
 * The buyer's reading of a purchase list's columns (IMPORT-17) as plain data: what each column is read as, changed
 * one column at a time, and the mapping the next match sends.
 */
import type { PurchaseListColumnInput, PurchaseListField } from '../../gql/graphql';

/** A column as the answer named it, with what it is read as now. */
export interface MappedColumn {
  index: number;
  title: string;
  field: PurchaseListField | null;
}

/** The fields in the order the screen offers them, with their Chinese names. */
export const FIELD_NAMES: Record<PurchaseListField, string> = {
  NAME: '商品名称',
  SPEC: '规格',
  MANUFACTURER: '生产厂家',
  APPROVAL_NUMBER: '批准文号',
  QUANTITY: '数量',
  UNIT: '单位',
  PRICE: '单价',
};

export const FIELDS = Object.keys(FIELD_NAMES).filter((key): key is PurchaseListField => key in FIELD_NAMES);

export const NO_GOODS_COLUMN_TEXT = '请指定商品名称或批准文号所在的列';

/** How a column is named on screen: its header, or its place when the list has no header. */
export const columnLabel = (column: MappedColumn) =>
  column.title === '' ? `第${column.index + 1}列` : `第${column.index + 1}列「${column.title}」`;

/** IMPORT-17: `index` read as `field` (null: not read); a field read from another column leaves it. */
export function withField(
  columns: readonly MappedColumn[],
  index: number,
  field: PurchaseListField | null,
): MappedColumn[] {
  return columns.map((column) =>
    column.index === index
      ? { ...column, field }
      : field !== null && column.field === field
        ? { ...column, field: null }
        : column,
  );
}

/** IMPORT-17: what is wrong with the reading before it is sent, or null. */
export function mappingProblem(columns: readonly MappedColumn[]): string | null {
  return columns.some((c) => c.field === 'NAME' || c.field === 'APPROVAL_NUMBER') ? null : NO_GOODS_COLUMN_TEXT;
}

/** IMPORT-17: the mapping sent: every field, with its column or null (not read). */
export function mappingOf(columns: readonly MappedColumn[]): PurchaseListColumnInput[] {
  return FIELDS.map((field) => ({ field, index: columns.find((c) => c.field === field)?.index ?? null }));
}
