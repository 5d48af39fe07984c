import { pinyin } from 'pinyin-pro';

/**
 * The lower-case pinyin initials of a text, keeping Latin letters and digits, so that buyers can type "gmlkl" for
 * 感冒灵颗粒 or "vcyqp" for 维C银翘片. Punctuation and spaces are dropped.
 */
export function pinyinInitials(text: string): string {
  return pinyin(text, { pattern: 'first', toneType: 'none', type: 'array' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
