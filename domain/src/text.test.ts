import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  codePointCount,
  dateMessage,
  dateProblem,
  isBlank,
  textMessage,
  textProblem,
  unsafeCharacter,
} from './text';
import { charCount } from './validation';

const RUNS = 500;

/** Characters VAL-20 refuses in every field, whatever else surrounds them. */
const forbidden = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udfff',
);
const invisible = fc.constantFrom(
  ' ',
  '\u3000',
  '\u00a0',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\t',
  '\n',
);
/** Text a buyer may write on one line: Chinese, Latin, digits, punctuation, a character outside the BMP. */
const writable = fc
  .array(fc.constantFrom('感', '冒', '灵', '颗', '粒', 'a', 'Z', '9', '（', '）', '-', ' ', '𠀀', '😀', '\u200d'), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

describe('text (VAL-20..VAL-23)', () => {
  it('VAL-20: refuses U+0000 and other controls, naming the field in Chinese', () => {
    expect(textProblem('阿莫西林\u0000胶囊')).toBe('control');
    expect(textMessage('control', '反馈内容')).toBe('反馈内容含有不允许的控制字符');
    expect(textProblem('备注\u0085')).toBe('control');
  });

  it('VAL-21: tab and line breaks only in multi-line text', () => {
    expect(textProblem('第一行\n第二行\t数量', { multiline: true })).toBeUndefined();
    expect(textProblem('第一行\r\n第二行', { multiline: true })).toBeUndefined();
    expect(textProblem('感冒灵\n颗粒')).toBe('control');
    expect(textProblem('感冒灵\t颗粒')).toBe('control');
    expect(textProblem('a\u000bb', { multiline: true })).toBe('control');
  });

  it('VAL-20: refuses unpaired surrogates but keeps characters outside the BMP', () => {
    expect(unsafeCharacter('𠀀药')).toBeUndefined();
    expect(unsafeCharacter('药\ud840')).toBe('surrogate');
    expect(unsafeCharacter('\udc00药')).toBe('surrogate');
    expect(textMessage('surrogate', 'keyword')).toBe('keyword含有无法识别的字符');
  });

  it('VAL-20: refuses bidi overrides and isolates, which make text read otherwise than it is stored', () => {
    expect(unsafeCharacter('订单\u202egnp.exe')).toBe('bidi');
    expect(unsafeCharacter('x\u2067y')).toBe('bidi');
    // Marks (LRM, RLM) only hint a direction; they are allowed.
    expect(unsafeCharacter('x\u200ey\u200f')).toBeUndefined();
    expect(textMessage('bidi', '收货人')).toBe('收货人含有不允许的文字方向控制字符');
  });

  it('VAL-23: a text of zero-width and space characters is empty', () => {
    expect(isBlank('\u200b\u200b\u3000 \ufeff')).toBe(true);
    expect(textProblem('\u200b\u200b', { required: true })).toBe('empty');
    expect(textMessage('empty', '反馈内容')).toBe('请填写反馈内容');
    expect(cleanText('\u200b 感冒灵 \u3000')).toBe('感冒灵');
    expect(cleanText('\u200b\u2060')).toBe('');
    expect(textProblem('\u200b感冒灵', { required: true })).toBeUndefined();
  });

  it('VAL-22: length counts characters as a buyer does, outside the BMP too', () => {
    expect(textProblem('𠀀'.repeat(50), { max: 50 })).toBeUndefined();
    expect(textProblem('𠀀'.repeat(51), { max: 50 })).toBe('tooLong');
    expect(textProblem('感'.repeat(60_000), { max: 50 })).toBe('tooLong');
    expect(textMessage('tooLong', '搜索内容', 50)).toBe('搜索内容最多50个字');
  });

  it('accepts every writable text and agrees with VAL-08 on its length', () => {
    fc.assert(
      fc.property(writable, (text) => {
        expect(unsafeCharacter(text)).toBeUndefined();
        expect(codePointCount(text)).toBe([...text].length);
        expect(codePointCount(text.trim())).toBe(charCount(text));
        expect(cleanText(cleanText(text))).toBe(cleanText(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses any text holding a forbidden character, wherever it stands, in one- and multi-line fields', () => {
    fc.assert(
      fc.property(writable, forbidden, writable, fc.boolean(), (before, bad, after, multiline) => {
        // A lone surrogate beside the writable text's own pair could pair up with it; keep the pair out.
        fc.pre(!/[\ud800-\udbff]$/.test(before) && !/^[\udc00-\udfff]/.test(after));
        expect(unsafeCharacter(before + bad + after, multiline)).toBeDefined();
      }),
      { numRuns: RUNS },
    );
  });

  it('counts any mix of spaces and zero-width characters as empty, and nothing with a visible character', () => {
    fc.assert(
      fc.property(fc.array(invisible), fc.array(invisible), fc.constantFrom('药', 'a', '0', '😀'), (l, r, c) => {
        expect(isBlank(l.join('') + r.join(''))).toBe(true);
        expect(cleanText(l.join('') + r.join(''))).toBe('');
        expect(isBlank(l.join('') + c + r.join(''))).toBe(false);
        expect(cleanText(l.join('') + c + r.join(''))).toBe(c);
      }),
      { numRuns: RUNS },
    );
  });

  it('never lets a text longer than its limit through, nor refuses one within it', () => {
    fc.assert(
      fc.property(writable, fc.integer({ min: 0, max: 40 }), (text, max) => {
        const tooLong = textProblem(text, { max }) === 'tooLong';
        expect(tooLong).toBe([...cleanText(text)].length > max);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('dates (VAL-24, VAL-25)', () => {
  it('refuses days the calendar does not have', () => {
    expect(dateProblem('2026-02-30')).toBe('calendar');
    expect(dateProblem('2026-02-29')).toBe('calendar');
    expect(dateProblem('2028-02-29')).toBeUndefined();
    expect(dateProblem('2100-02-29')).toBe('calendar');
    expect(dateProblem('2026-04-31')).toBe('calendar');
    expect(dateProblem('2026-13-01')).toBe('calendar');
    expect(dateProblem('2026-00-10')).toBe('calendar');
    expect(dateMessage('calendar', '开始日期')).toBe('开始日期不是有效的日期');
  });

  it('refuses days outside 1900-01-01..2099-12-31, such as year 0', () => {
    expect(dateProblem('0000-01-01')).toBe('range');
    expect(dateProblem('1899-12-31')).toBe('range');
    expect(dateProblem('1900-01-01')).toBeUndefined();
    expect(dateProblem('2099-12-31')).toBeUndefined();
    expect(dateProblem('2100-01-01')).toBe('range');
    expect(dateMessage('range', '结束日期')).toBe('结束日期应在1900-01-01至2099-12-31之间');
  });

  it('refuses anything but YYYY-MM-DD', () => {
    for (const value of ['2026-2-3', '2026/02/03', '20260203', '2026-02-03T00:00', ' 2026-02-03', '２０２６-02-03']) {
      expect(dateProblem(value)).toBe('format');
    }
    expect(dateMessage('format', 'from')).toBe('from格式应为YYYY-MM-DD');
  });

  it('accepts exactly the days a real calendar has within the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1800, max: 2200 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(Date.UTC(y, m - 1, d));
          const exists = m >= 1 && m <= 12 && d >= 1 && real.getUTCMonth() === m - 1 && real.getUTCDate() === d;
          const inRange = y >= 1900 && y <= 2099;
          expect(dateProblem(text) === undefined).toBe(exists && inRange);
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });
});
