import { describe, expect, it } from 'vitest';
import { criticalRules, criticalStyle, indexRules } from './critical-css';

// In the stylesheet's order, shaped as web/vite-griffel-css.ts writes them.
const RULES = [
  '.rbase{display:inline-flex;}',
  '.rbase::after{content:"";}',
  '.fcolor{color:red;}',
  '.funused{color:blue;}',
  '.fhover:hover{color:green;}',
  '.fui-Card:hover .fchild{opacity:1;}',
  '@media (max-width: 600px){.fleft{padding-left:0;}.fright{padding-right:0;}}',
  '@keyframes fspin{from{transform:rotate(0deg);}to{transform:rotate(360deg);}}',
];

describe('SSR-02: the rules a server-rendered page inlines', () => {
  const index = indexRules(RULES);

  it("keeps every rule that names a class of the page's HTML, in the stylesheet's order, and no other", () => {
    const html = '<div class="fhover rbase"><span class="fcolor">¥1.00</span></div>';
    expect(criticalRules(index, html)).toBe(
      '.rbase{display:inline-flex;}.rbase::after{content:"";}.fcolor{color:red;}.fhover:hover{color:green;}' + RULES[7],
    );
  });

  it('keeps a media query whose second rule is the one the page uses, and a rule naming the class among others', () => {
    const kept = criticalRules(index, '<p class="fright"></p><i class="fchild"></i>');
    expect(kept).toContain('.fright{padding-right:0;}');
    expect(kept).toContain('.fui-Card:hover .fchild');
    expect(kept).not.toContain('.fcolor');
  });

  it('keeps keyframes, which name no class, on every page', () => {
    expect(criticalRules(index, '<p>text</p>')).toBe(RULES[7]);
  });

  it('adds nothing where the build extracted no stylesheet (development, tests)', () => {
    expect(criticalStyle('<p class="fcolor"></p>')).toBe('');
  });
});
