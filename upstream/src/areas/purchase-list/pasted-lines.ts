/**
 * IMPORT-19: purchase lists typed as people type them in a chat, one goods a line ("板蓝根颗粒 10盒",
 * "阿莫西林胶囊 0.25g*24粒 x20", "布洛芬缓释胶囊 石药 6"): the quantity at the end is kept, the words before it read
 * as name, specification, manufacturer and approval number by their look.
 */
/** A typed line's parts; `quantity` is the text read as the quantity ('' when the line gave none). */
export interface PastedLine {
  name: string;
  spec: string;
  maker: string;
  pzwh: string;
  quantity: string;
}

// Packing units a quantity is counted in; 片, 粒 and 丸 are left out, as "24粒" is a specification.
const UNITS = '盒|瓶|袋|支|板|包|件|个|听|罐|贴|套|台|只|条|提|桶|箱|本|卷|把|副|对|组|筒|管|合|份';
// Chinese numerals are caught so that "十盒" is the row's quantity error rather than part of a name (IMPORT-03).
const NUMBER = '\\d+(?:\\.\\d+)?|[一二两三四五六七八九十百千]+';
/** A quantity after a space or comma, an x before it and a unit after it both optional: " 10", " x20", "，6盒". */
const SPACED = new RegExp(`(?:^|[\\s,，、;；])((?:[x×*]\\s*)?(?:${NUMBER})\\s*(?:${UNITS})?)\\s*$`, 'i');
/** A quantity written onto the name with its unit ("板蓝根颗粒10盒") or with an x ("0.25g*24粒x20"). */
const GLUED = new RegExp(
  `(?:(?<=[\\p{Script=Han})）])((?:${NUMBER})(?:${UNITS}))|([x×]\\s*(?:${NUMBER})(?:${UNITS})?))\\s*$`,
  'iu',
);
const LIST_MARK = /^\s*(?:\d{1,3}[.、)）](?!\d)|[①-⑳]|[-•·])\s*/u;
const APPROVAL = /^(?:国药准字)?[HZSJBTF]\d{8}$|^国药准字|^国械注[准进]/i;
// A specification written onto the name: the name ends in a Chinese character, the specification starts with a dose.
const NAME_AND_SPEC = /^(.*\p{Script=Han})(\d+(?:\.\d+)?\s*(?:mg|g|ml|μg|ug|克|毫克|毫升)\S*)$/iu;

/** IMPORT-19: one typed line's parts, or null for a blank line. */
export function pastedLine(raw: string): PastedLine | null {
  let text = raw.normalize('NFKC').replace(LIST_MARK, '').trim();
  if (text === '') return null;
  let quantity = '';
  const spaced = SPACED.exec(text);
  const glued = spaced === null ? GLUED.exec(text) : null;
  const found = spaced ?? glued;
  // A line that is nothing but a number is a name or an approval number typed short, not a quantity.
  if (found !== null && found.index > 0) {
    quantity = (found[1] ?? found[2] ?? '').replace(/\s+/g, '');
    text = text.slice(0, found.index).trim();
  }
  const line: PastedLine = { name: '', spec: '', maker: '', pzwh: '', quantity };
  const words = text.split(/[\s,，、;；]+/).filter((word) => word !== '');
  const add = (field: 'spec' | 'maker' | 'pzwh', word: string) => {
    line[field] = line[field] === '' ? word : `${line[field]} ${word}`;
  };
  words.forEach((word, i) => {
    if (APPROVAL.test(word)) add('pzwh', word);
    else if (i === 0 || line.name === '') {
      const joined = NAME_AND_SPEC.exec(word);
      if (joined?.[1] !== undefined && joined[2] !== undefined) {
        line.name = joined[1];
        add('spec', joined[2]);
      } else line.name = word;
    } else if (/\d/.test(word)) add('spec', word);
    else add('maker', word);
  });
  return line;
}
