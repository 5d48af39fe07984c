/**
 * SSR-02: the rules of the build's stylesheet that one server-rendered page uses, for the server to inline in its
 * head, so the first paint waits for no stylesheet. The whole stylesheet still loads, without blocking anything, and
 * the app applies it before it hydrates (stylesheet.ts).
 *
 * Griffel's rules are atomic: each is keyed by class names, so a page uses a rule when its HTML carries one of the
 * classes the rule's selector names. Keeping every rule that names any of them errs on the side of a rule too many
 * (a few bytes), never one too few (a part drawn differently until the stylesheet applies, a layout shift).
 */

/** Replaced by the server's build with the stylesheet's rules as JSON (web/vite-griffel-css.ts); kept elsewhere. */
const RULES_JSON: string = '__GRIFFEL_CRITICAL_RULES__';

interface IndexedRules {
  rules: readonly string[];
  /** For each class a selector names, the positions of the rules naming it. */
  byClass: ReadonlyMap<string, readonly number[]>;
  /** Rules that name no class (keyframes, for instance): every page keeps them. */
  always: readonly number[];
}

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** Inside an at-rule: each selector, the text before a block that follows the start or another block. */
const SELECTOR_IN_BLOCK = /(?:^|\})([^{}]+)\{/g;

/**
 * The selectors of a rule: what precedes its block, or, in an `@media` or `@supports`, what precedes each of the rules
 * it holds (Griffel groups a logical property's pair there: `@media (...){.a{padding-left:0}.b{padding-right:0}}`).
 */
function selectorsOf(rule: string): string[] {
  const open = rule.indexOf('{');
  if (open === -1) return [];
  if (!rule.startsWith('@')) return [rule.slice(0, open)];
  return [...rule.slice(open + 1).matchAll(SELECTOR_IN_BLOCK)].map((match) => match[1] ?? '');
}

export function indexRules(rules: readonly string[]): IndexedRules {
  const byClass = new Map<string, number[]>();
  const always: number[] = [];
  rules.forEach((rule, position) => {
    // A keyframes block's selector is its name, never a class.
    const names = rule.startsWith('@keyframes')
      ? []
      : [
          ...new Set(
            selectorsOf(rule).flatMap((selector) =>
              [...selector.matchAll(CLASS_IN_SELECTOR)].map((match) => match[1] ?? ''),
            ),
          ),
        ];
    if (names.length === 0) always.push(position);
    for (const name of names) {
      const positions = byClass.get(name);
      if (positions === undefined) byClass.set(name, [position]);
      else positions.push(position);
    }
  });
  return { rules, byClass, always };
}

/** The rules the HTML's class attributes use, in the stylesheet's order (their order is part of their meaning). */
export function criticalRules(index: IndexedRules, html: string): string {
  const kept = new Set(index.always);
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of (match[1] ?? '').split(' ')) {
      for (const position of index.byClass.get(name) ?? []) kept.add(position);
    }
  }
  return [...kept]
    .sort((a, b) => a - b)
    .map((position) => index.rules[position])
    .join('');
}

function parseRules(json: string): string[] {
  if (!json.startsWith('[')) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((rule): rule is string => typeof rule === 'string') : [];
}

let built: IndexedRules | undefined;

/**
 * A `<style>` for the page's head with the rules its body uses, or nothing where no stylesheet was extracted (the
 * development server and the development build keep Griffel's run-time styles).
 */
export function criticalStyle(body: string): string {
  built ??= indexRules(parseRules(RULES_JSON));
  if (built.rules.length === 0) return '';
  // A rule's text is CSS the build produced from the app's own styles; `</style` cannot occur in it.
  return `<style data-critical>${criticalRules(built, body)}</style>`;
}
