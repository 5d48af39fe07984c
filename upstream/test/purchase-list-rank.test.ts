import { describe, expect, it } from 'vitest';
import { HEADER_ROWS, parseText, readText } from '../src/areas/purchase-list/parse';
import { makerCore, makerLevel, specLevel } from '../src/areas/purchase-list/rank';

describe('manufacturers as buyers write them (IMPORT-20)', () => {
  it('derives the distinctive part without places or company words', () => {
    expect(makerCore('石药集团欧意药业有限公司')).toBe('石药欧意');
    expect(makerCore('上海上药信谊药厂有限公司')).toBe('上药信谊');
    expect(makerCore('华润双鹤药业股份有限公司')).toBe('华润双鹤');
    expect(makerCore('国药集团致君(深圳)制药有限公司')).toBe('国药致君');
    expect(makerCore('石家庄四药有限公司')).toBe('四药');
  });

  it('ranks a short form above a maker that only shares characters, and that above one sharing none', () => {
    expect(makerLevel('石药欧意', '石药集团欧意药业有限公司')).toBe(3);
    expect(makerLevel('石药', '石药集团欧意药业有限公司')).toBe(3);
    expect(makerLevel('上药信谊', '上海上药信谊药厂有限公司')).toBe(3);
    expect(makerLevel('信谊', '上海上药信谊药厂有限公司')).toBe(3);
    expect(makerLevel('华润双鹤', '华润双鹤药业股份有限公司')).toBe(3);
    // 石药 is not 石家庄四药, though its characters run through it in order.
    expect(makerLevel('石药', '石家庄四药有限公司')).toBe(2);
    expect(makerLevel('华润双鹤', '华润三九医药股份有限公司')).toBe(1);
    expect(makerLevel('修正', '华润三九医药股份有限公司')).toBe(0);
    expect(makerLevel('', '华润三九医药股份有限公司')).toBe(0);
  });
});

describe('specifications as buyers write them (IMPORT-21)', () => {
  it('reads ×, x and *, g and mg, 粒/片/袋 and counts multiplied as the same', () => {
    expect(specLevel('0.25g×24粒', '0.25g*24粒')).toBe(2);
    expect(specLevel('250mg x 24粒', '0.25g*24粒')).toBe(2);
    expect(specLevel('0.25g*12粒*2板', '0.25g*24粒')).toBe(2);
    expect(specLevel('10g*9包', '10g*9袋')).toBe(2);
    expect(specLevel('0.25g*36粒', '0.25g*24粒')).toBe(1);
    expect(specLevel('0.5g*36粒', '0.25g*24粒')).toBe(0);
    expect(specLevel('M号', 'L号')).toBe(0);
    expect(specLevel('M号', 'M号')).toBe(2);
  });
});

describe('where the header is (IMPORT-16)', () => {
  it(`finds it among the first ${HEADER_ROWS} rows with content, and not after them`, () => {
    const titles = (n: number) => Array.from({ length: n }, (_, i) => `采购计划 第${i + 1}页\t\t`);
    const within = readText([...titles(HEADER_ROWS - 1), '品名\t订货量', '感冒灵颗粒\t7'].join('\n'));
    expect(within.headerLine).toBe(HEADER_ROWS);
    expect(within.rows.map((r) => [r.line, r.name, r.number])).toEqual([[HEADER_ROWS + 1, '感冒灵颗粒', 7]]);
    // Past the window the list has no header: every row is goods in the default order, the late header included.
    const late = readText([...titles(HEADER_ROWS), '品名\t订货量', '感冒灵颗粒\t7'].join('\n'));
    expect(late.headerLine).toBeNull();
    expect(late.rows).toHaveLength(HEADER_ROWS + 2);
  });

  it('reads 产地/厂家 and a bracketed unit note, and counts blank and title lines in a row’s line', () => {
    const rows = parseText('门店采购单\t\t\n\t\t\n\n品名\t产地/厂家\t需求数量（盒）\n板蓝根颗粒\t华润三九\t12\n');
    expect(rows).toEqual([
      { line: 5, name: '板蓝根颗粒', spec: '', maker: '华润三九', pzwh: '', number: 12, error: null },
    ]);
  });

  it('IMPORT-18: an error value in a CSV is its row’s error; in a column not read it is ignored', () => {
    const rows = parseText('品名\t数量\t备注\n感冒灵颗粒\t#N/A\t\n板蓝根颗粒\t3\t#REF!');
    expect(rows.map((r) => [r.number, r.error])).toEqual([
      [null, '数量是错误值#N/A，请在表格里改正公式后再导入'],
      [3, null],
    ]);
  });
});
