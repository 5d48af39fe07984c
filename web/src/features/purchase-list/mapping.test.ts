import { describe, expect, it } from 'vitest';
import { columnLabel, mappingOf, mappingProblem, NO_GOODS_COLUMN_TEXT, withField, type MappedColumn } from './mapping';

const read: MappedColumn[] = [
  { index: 0, title: '序号', field: null },
  { index: 1, title: '通用名', field: 'NAME' },
  { index: 2, title: '产地/厂家', field: 'MANUFACTURER' },
  { index: 3, title: '单位', field: 'UNIT' },
  { index: 4, title: '订货量', field: 'QUANTITY' },
];

describe('correcting how a purchase list’s columns are read (IMPORT-17)', () => {
  it('reads a column as a field, leaving the column that held it unread', () => {
    const next = withField(read, 3, 'QUANTITY');
    expect(next.map((c) => c.field)).toEqual([null, 'NAME', 'MANUFACTURER', 'QUANTITY', null]);
    // Not reading a column leaves the others as they were.
    expect(withField(read, 2, null).map((c) => c.field)).toEqual([null, 'NAME', null, 'UNIT', 'QUANTITY']);
  });

  it('sends every field, those not read as null, and refuses a reading without the goods’ column', () => {
    expect(mappingOf(withField(read, 2, null))).toEqual([
      { field: 'NAME', index: 1 },
      { field: 'SPEC', index: null },
      { field: 'MANUFACTURER', index: null },
      { field: 'APPROVAL_NUMBER', index: null },
      { field: 'QUANTITY', index: 4 },
      { field: 'UNIT', index: 3 },
      { field: 'PRICE', index: null },
    ]);
    expect(mappingProblem(read)).toBeNull();
    expect(mappingProblem(withField(read, 1, null))).toBe(NO_GOODS_COLUMN_TEXT);
    expect(mappingProblem(withField(withField(read, 1, null), 0, 'APPROVAL_NUMBER'))).toBeNull();
  });

  it('names a column by its header, or by its place when the list has no header', () => {
    expect(columnLabel({ index: 2, title: '产地/厂家', field: null })).toBe('第3列「产地/厂家」');
    expect(columnLabel({ index: 0, title: '', field: 'NAME' })).toBe('第1列');
  });
});
