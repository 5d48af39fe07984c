import {
  defaultCompareMediaQueries,
  normalizeCSSBucketEntry,
  styleBucketOrdering,
  type CSSBucketEntry,
  type StyleBucketName,
} from '@griffel/core';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Griffel's CSS taken out of the JavaScript at build time, into one hashed stylesheet the page links (ADR 0311).
 *
 * Fluent's published components, and the app's own makeStyles once @griffel/vite-plugin has evaluated them (AOT),
 * are `__styles(classesBySlot, cssRulesByBucket)` and `__resetStyles(ltr, rtl, cssRules)` calls: class names plus
 * the CSS to insert at run time. This plugin collects that CSS and leaves `__css(classesBySlot)` and
 * `__resetCSS(ltr, rtl)`, which only hand out class names: nothing is inserted in the browser or on the server, and
 * the server sends no <style> of Griffel's. It is what @griffel/webpack-extraction-plugin does for webpack; the
 * Vite plugin (0.1.16, wyw-in-js) stops at AOT.
 *
 * Atomic rules of different modules override each other only through their order, which Griffel's run time keeps
 * with one style sheet per bucket (reset, default, :link ... :active, @media, ...): the stylesheet is written in
 * that order, media queries sorted as the run time sorts them, whatever order the modules were transformed in.
 *
 * A call whose arguments are not literals (nothing in Fluent 9 or this app today) is left as it was and still
 * inserts its CSS at run time; `stats()` counts them so the build can say so.
 */
export interface GriffelCss {
  plugin: Plugin;
  /** The stylesheet of everything collected so far, in Griffel's bucket order. */
  css(): string;
  /** The same, one whole rule per entry. */
  rules(): string[];
  stats(): { extracted: number; leftAtRunTime: string[] };
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The ESTree nodes this plugin reads; anything else makes a call non-literal. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The string the server's bundle holds where the rules go (web/src/app/critical-css.ts): replaced by a string literal
 * of their JSON, in either quote the bundler printed.
 */
const CRITICAL_RULES_TOKEN = '__GRIFFEL_CRITICAL_RULES__';
const CRITICAL_RULES_PLACEHOLDER = new RegExp(`(["'])${CRITICAL_RULES_TOKEN}\\1`, 'g');
/** Where the browser's build writes its rules, in its output directory. */
export const RULES_FILE = '.vite/griffel-rules.json';
/** Marks index.html's link to the stylesheet, for the app to find it (web/src/app/stylesheet.ts reads the same). */
const STYLESHEET_ATTRIBUTE = 'data-griffel-stylesheet';

const GRIFFEL_SOURCES = new Set(['@griffel/react', '@griffel/core', '@fluentui/react-components']);
/** What each becomes: `__styles` -> `__css`, `__resetStyles` -> `__resetCSS`. */
type Call = '__styles' | '__resetStyles';

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The value of a literal expression (objects, arrays, strings, numbers, null), or undefined for anything else. */
function literal(node: unknown): Json | undefined {
  if (!isNode(node)) return undefined;
  switch (node.type) {
    case 'Literal':
      return typeof node['value'] === 'string' ||
        typeof node['value'] === 'number' ||
        typeof node['value'] === 'boolean' ||
        node['value'] === null
        ? node['value']
        : undefined;
    case 'UnaryExpression': {
      // Priorities of shorthands: `{ p: -1 }`.
      const value = literal(node['argument']);
      return node['operator'] === '-' && typeof value === 'number' ? -value : undefined;
    }
    case 'TemplateLiteral': {
      const quasis = node['quasis'];
      const expressions = node['expressions'];
      if (!Array.isArray(quasis) || !Array.isArray(expressions) || expressions.length > 0) return undefined;
      const cooked: unknown = (quasis[0] as { value?: { cooked?: unknown } } | undefined)?.value?.cooked;
      return typeof cooked === 'string' ? cooked : undefined;
    }
    case 'ArrayExpression': {
      const elements = node['elements'];
      if (!Array.isArray(elements)) return undefined;
      const values: Json[] = [];
      for (const element of elements) {
        const value = literal(element);
        if (value === undefined) return undefined;
        values.push(value);
      }
      return values;
    }
    case 'ObjectExpression': {
      const properties = node['properties'];
      if (!Array.isArray(properties)) return undefined;
      const object: { [key: string]: Json } = {};
      for (const property of properties) {
        if (!isNode(property) || property.type !== 'Property' || property['computed'] === true) return undefined;
        const key = property['key'];
        const name = isNode(key) ? (key.type === 'Identifier' ? key['name'] : key['value']) : undefined;
        const value = literal(property['value']);
        if ((typeof name !== 'string' && typeof name !== 'number') || value === undefined) return undefined;
        object[String(name)] = value;
      }
      return object;
    }
    default:
      return undefined;
  }
}

function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && key !== 'start' && key !== 'end' && typeof value === 'object') yield* walk(value);
  }
}

/** Local names bound to `__styles` / `__resetStyles` by the module's imports from Griffel (or Fluent's re-export). */
function griffelImports(program: Node): Map<string, Call> {
  const names = new Map<string, Call>();
  const body = program['body'];
  if (!Array.isArray(body)) return names;
  for (const statement of body) {
    if (!isNode(statement) || statement.type !== 'ImportDeclaration') continue;
    const source = statement['source'];
    if (!isNode(source) || typeof source['value'] !== 'string' || !GRIFFEL_SOURCES.has(source['value'])) continue;
    const specifiers = statement['specifiers'];
    if (!Array.isArray(specifiers)) continue;
    for (const specifier of specifiers) {
      if (!isNode(specifier) || specifier.type !== 'ImportSpecifier') continue;
      const imported = specifier['imported'];
      const local = specifier['local'];
      const importedName = isNode(imported) ? (imported['name'] ?? imported['value']) : undefined;
      if ((importedName === '__styles' || importedName === '__resetStyles') && isNode(local)) {
        names.set(String(local['name']), importedName);
      }
    }
  }
  return names;
}

/**
 * `emit`: the browser's build writes the stylesheet (assets/griffel-<hash>.css, cached for good like every hashed
 * asset) and links it from index.html's head; the server's build only rewrites the calls, so the server renders the
 * same class names and inserts nothing. `rulesFile`: the browser build's list of rules (RULES_FILE in its output
 * directory), which the browser's build writes and the server's bundle carries (SSR-02).
 */
export function griffelCss({ emit, rulesFile }: { emit: boolean; rulesFile?: string }): GriffelCss {
  /** Each bucket's rules in first-seen order, deduplicated by their text and media. */
  const buckets = new Map<StyleBucketName, Map<string, CSSBucketEntry>>();
  let extracted = 0;
  const leftAtRunTime = new Set<string>();

  const collect = (bucket: StyleBucketName, entries: Json) => {
    if (!Array.isArray(entries)) return;
    let known = buckets.get(bucket);
    if (known === undefined) buckets.set(bucket, (known = new Map()));
    for (const entry of entries) {
      known.set(JSON.stringify(entry), entry as CSSBucketEntry);
    }
  };

  /**
   * Every rule, each a whole rule (a media query's wrapped in its `@media`), in the stylesheet's order. Within a
   * bucket the run time keeps one sheet per priority, lowest first: a shorthand (`padding`, priority -1) before the
   * longhands (`padding-left`, 0) that override it on the same element. Within a priority, atomic rules never compete
   * (mergeClasses keeps one class per property), so they are sorted by their text: the order the modules happened to
   * be transformed in would give a stylesheet, and its hashed name, that changed from one build to the next.
   */
  const rules = () => {
    const out: string[] = [];
    const priority = (meta: { [key: string]: unknown } | undefined) => Number(meta?.['p'] ?? 0);
    for (const bucket of styleBucketOrdering) {
      const entries = [...(buckets.get(bucket)?.values() ?? [])]
        .map((entry) => normalizeCSSBucketEntry(entry))
        .sort(
          ([ruleA, metaA], [ruleB, metaB]) =>
            priority(metaA) - priority(metaB) || (ruleA < ruleB ? -1 : ruleA > ruleB ? 1 : 0),
        );
      if (bucket === 'm') {
        // One sheet per media query at run time, ordered by the renderer's comparison (min-width ascending, ...).
        const medias = [...new Set(entries.map(([, meta]) => String(meta?.['m'] ?? '')))].sort(
          defaultCompareMediaQueries,
        );
        for (const media of medias) {
          for (const [rule, meta] of entries) if (String(meta?.['m'] ?? '') === media) out.push(rule);
        }
      } else {
        for (const [rule] of entries) out.push(rule);
      }
    }
    return out;
  };
  const css = () => rules().join('');

  const plugin: Plugin = {
    name: 'griffel-css-extraction',
    // After @griffel/vite-plugin (wyw-in-js, also `post`) has turned the app's makeStyles into `__styles`.
    enforce: 'post',
    apply: 'build',
    buildStart() {
      buckets.clear();
      extracted = 0;
      leftAtRunTime.clear();
    },
    transform: {
      // Rolldown skips the hook (and the trip into JavaScript) for the modules that cannot hold such a call.
      filter: { id: /\.[cm]?[jt]sx?(\?|$)/, code: /\b__(?:reset)?[sS]tyles\b/ },
      handler(code, id) {
        // Griffel's own modules define these functions (and call the run time's with variables): nothing to extract.
        if (id.includes('/node_modules/@griffel/')) return null;
        // Rolldown's parser answers ESTree; the walk reads it through the narrow Node view, checked here once.
        const program: unknown = this.parse(code);
        if (!isNode(program)) return null;
        const names = griffelImports(program);
        if (names.size === 0) return null;
        const edits: { start: number; end: number; text: string }[] = [];
        for (const node of walk(program)) {
          if (node.type !== 'CallExpression') continue;
          const callee = node['callee'];
          const args = node['arguments'];
          if (!isNode(callee) || callee.type !== 'Identifier' || !Array.isArray(args)) continue;
          const call = names.get(String(callee['name']));
          if (call === undefined) continue;
          // The parser's offsets must be the string's (UTF-16) ones, or the edits below would cut the wrong text.
          if (code.slice(callee.start, callee.end) !== callee['name']) {
            this.error(`griffel-css-extraction: offsets of ${id} do not match its text`);
          }
          const values = args.map(literal);
          const where = `${id.replace(/\?.*$/, '')}:${node.start}`;
          if (call === '__styles') {
            const [classes, rules] = values;
            if (classes === undefined || rules === null || typeof rules !== 'object' || Array.isArray(rules)) {
              leftAtRunTime.add(where);
              continue;
            }
            for (const [bucket, entries] of Object.entries(rules)) collect(bucket as StyleBucketName, entries);
            edits.push({ start: node.start, end: node.end, text: `__griffelCss(${code.slice(...range(args[0]))})` });
          } else {
            const [ltr, rtl, rules] = values;
            if (typeof ltr !== 'string' || (rtl !== null && typeof rtl !== 'string') || rules === undefined) {
              leftAtRunTime.add(where);
              continue;
            }
            if (Array.isArray(rules)) collect('r', rules);
            else if (rules !== null && typeof rules === 'object') {
              for (const [bucket, entries] of Object.entries(rules)) collect(bucket as StyleBucketName, entries);
            }
            edits.push({
              start: node.start,
              end: node.end,
              text: `__griffelResetCss(${JSON.stringify(ltr)}, ${JSON.stringify(rtl)})`,
            });
          }
          extracted += 1;
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const edit of edits.sort((a, b) => b.start - a.start)) {
          out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
        }
        out = `import { __css as __griffelCss, __resetCSS as __griffelResetCss } from '@griffel/react';\n${out}`;
        return { code: out, map: null };
      },
    },
    // SSR-02: the server's bundle carries the browser stylesheet's rules, so each page can inline the ones its HTML
    // uses. They are read from the browser's build (which runs first), not collected again here: their order is
    // part of their meaning, and this build sees the modules in another order.
    renderChunk(code) {
      if (emit || rulesFile === undefined || !code.includes(CRITICAL_RULES_TOKEN)) return null;
      let browserRules: unknown;
      try {
        browserRules = JSON.parse(readFileSync(rulesFile, 'utf8'));
      } catch (error) {
        this.error(`griffel-css-extraction: build the browser's bundle first (${String(error)})`);
      }
      if (!Array.isArray(browserRules)) this.error(`griffel-css-extraction: ${rulesFile} holds no list of rules`);
      const known = new Set(browserRules);
      const missing = rules().filter((rule) => !known.has(rule)).length;
      if (missing > 0)
        this.warn(`${missing} Griffel rule(s) of the server's bundle are not in the browser's stylesheet`);
      const list = JSON.stringify(JSON.stringify(browserRules));
      return { code: code.replace(CRITICAL_RULES_PLACEHOLDER, () => list), map: null };
    },
    generateBundle(_options, bundle) {
      if (!emit) return;
      const left = leftAtRunTime.size;
      if (left > 0)
        this.warn(
          `${left} Griffel call(s) with non-literal arguments keep inserting CSS at run time: ${[...leftAtRunTime].slice(0, 5).join(', ')}`,
        );
      const reference = this.emitFile({ type: 'asset', name: 'griffel.css', source: css() });
      // For the server's build (SSR-02); a dot-directory, beside Vite's manifest, which the gateway does not serve.
      if (rulesFile !== undefined) {
        this.emitFile({ type: 'asset', fileName: RULES_FILE, source: JSON.stringify(rules()) });
      }
      const href = `/${this.getFileName(reference)}`;
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string' || !html.source.includes('</head>')) {
        this.error('griffel-css-extraction: no index.html with a </head> to link the stylesheet from');
      }
      // SSR-02: fetched early but blocking nothing. A server-rendered page paints with the rules it uses, inlined by
      // the server; the app applies the whole stylesheet before it hydrates or renders (web/src/app/stylesheet.ts).
      html.source = html.source.replace(
        '</head>',
        () => `  <link rel="preload" as="style" href="${href}" ${STYLESHEET_ATTRIBUTE} />\n  </head>`,
      );
    },
  };

  return { plugin, css, rules, stats: () => ({ extracted, leftAtRunTime: [...leftAtRunTime] }) };
}

function range(node: unknown): [number, number] {
  if (!isNode(node)) throw new Error('griffel-css-extraction: a call without arguments');
  return [node.start, node.end];
}
