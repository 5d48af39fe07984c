import { describe, expect, it } from 'vitest';
import {
  checkListFile,
  FILE_SIZE_TEXT,
  FILE_TYPE_TEXT,
  linesOf,
  pendingOf,
  quantityOf,
  reviewOf,
  type Candidate,
  type MatchedRow,
} from './review';

const goods = (id: string): Candidate => ({
  __typename: 'Goods',
  id,
  name: `商品${id}`,
  spec: '10片',
  manufacturer: '某药业',
  packingUnit: '盒',
  approvalNumber: null,
  stock: 10,
  isBuyable: true,
  outOfScope: false,
  price: { __typename: 'Money', fen: 1250, amount: '12.50' },
});

const row = (
  line: number,
  status: MatchedRow['status'],
  candidates: Candidate[],
  number: number | null = 2,
): MatchedRow => ({
  __typename: 'PurchaseListRow',
  line,
  name: `品名${line}`,
  spec: '',
  manufacturer: '',
  approvalNumber: '',
  number,
  error: number === null ? '数量必须是大于0的整数' : null,
  status,
  matchedBy: candidates.length > 0 ? 'NAME' : null,
  candidateTotal: candidates.length,
  candidates,
});

describe('the review of a matched list', () => {
  it('IMPORT-05: an exact row starts chosen, an ambiguous one waits, an unmatched one has nothing', () => {
    const review = reviewOf([
      row(2, 'EXACT', [goods('1')]),
      row(3, 'AMBIGUOUS', [goods('2'), goods('3')]),
      row(4, 'NONE', []),
      row(5, 'EXACT', [goods('4')], null),
    ]);
    expect(review.map((r) => [r.line, r.chosenId, r.quantity])).toEqual([
      [2, '1', '2'],
      [3, null, '2'],
      [4, null, '2'],
      [5, '4', ''],
    ]);
    expect(pendingOf(review)).toEqual({ unchosen: 2, badQuantity: 1, ready: 1 });
    expect(linesOf(review)).toEqual([{ goodsId: '1', number: 2 }]);
  });

  it('IMPORT-06: sends kept rows with a goods and a whole quantity from 1 to 999999 only', () => {
    const [a, b, c] = reviewOf([
      row(2, 'EXACT', [goods('1')]),
      row(3, 'AMBIGUOUS', [goods('2')]),
      row(4, 'EXACT', [goods('5')]),
    ]);
    if (!a || !b || !c) throw new Error('three rows');
    const edited = [
      { ...a, quantity: ' 30 ' },
      { ...b, chosenId: '2', quantity: '0' },
      { ...c, kept: false },
    ];
    expect(linesOf(edited)).toEqual([{ goodsId: '1', number: 30 }]);
    expect(['1', '999999', '1000000', '1.5', '-1', '', '十'].map(quantityOf)).toEqual([
      1,
      999999,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('IMPORT-02: the page refuses a file it can judge itself', () => {
    expect(checkListFile({ name: '采购单.xlsx', size: 2048 })).toBeNull();
    expect(checkListFile({ name: 'list.CSV', size: 10 })).toBeNull();
    expect(checkListFile({ name: '照片.png', size: 10 })).toBe(FILE_TYPE_TEXT);
    expect(checkListFile({ name: '旧版.xls', size: 10 })).toBe(FILE_TYPE_TEXT);
    expect(checkListFile({ name: 'big.xlsx', size: 5 * 1024 * 1024 + 1 })).toBe(FILE_SIZE_TEXT);
  });
});
