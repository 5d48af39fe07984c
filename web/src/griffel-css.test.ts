import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { griffelCss } from '../vite-griffel-css.ts';

/** Runs the plugin's transform on one module as the build would, with Rolldown's parser. */
function transform(extraction: ReturnType<typeof griffelCss>, code: string, id: string): string | null {
  const hook = extraction.plugin.transform;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (handler === undefined) throw new Error('the plugin has no transform');
  const context = { parse: (source: string) => parseAst(source), error: (message: string) => new Error(message) };
  const result: unknown = Reflect.apply(handler, context, [code, id]);
  if (result === null) return null;
  if (typeof result === 'object' && result !== null && 'code' in result && typeof result.code === 'string') {
    return result.code;
  }
  throw new Error('unexpected transform result');
}

// Shaped as Fluent publishes its components (and as the app's makeStyles are after AOT).
const BUTTON = `import { __styles, __resetStyles } from '@griffel/react';
const useBase = /*#__PURE__*/__resetStyles("rbase", null, [".rbase{display:inline-flex;}"]);
const useStyles = /*#__PURE__*/__styles({ root: { sj55zd: "fhover" } }, {
  h: [".fhover:hover{color:red;}"],
  m: [["@media (min-width: 640px){.fwide{padding:0;}}", { m: "(min-width: 640px)" }]],
  d: [".fdefault{color:blue;}", [".fshort{padding:1px;}", { p: -1 }]],
});`;
const LINK = `import { __styles } from '@fluentui/react-components';
export const useLink = __styles({ root: { x: "ffocus" } }, {
  f: [".ffocus:focus{color:green;}"],
  m: [["@media (min-width: 320px){.fnarrow{margin:0;}}", { m: "(min-width: 320px)" }]],
  d: [".fdefault{color:blue;}"],
});`;

describe('ADR 0311: Griffel CSS extracted at build time', () => {
  it('leaves only class names in the code, so nothing inserts CSS at run time', () => {
    const extraction = griffelCss({ emit: true });
    const code = transform(extraction, BUTTON, '/x/node_modules/@fluentui/react-button/lib/styles.js') ?? '';
    expect(code).not.toMatch(/__styles\(|__resetStyles\(|color:red/);
    expect(code).toContain('__griffelCss({ root: { sj55zd: "fhover" } })');
    expect(code).toContain('__griffelResetCss("rbase", null)');
    expect(extraction.stats()).toEqual({ extracted: 2, leftAtRunTime: [] });
  });

  it("writes every module's rules once, in Griffel's bucket order whatever the modules' order", () => {
    const extraction = griffelCss({ emit: true });
    transform(extraction, BUTTON, '/x/a.js');
    transform(extraction, LINK, '/x/b.js');
    const css = extraction.css();
    const at = (rule: string) => css.indexOf(rule);
    expect(css.match(/\.fdefault\{/g)).toHaveLength(1);
    // Reset first, then plain rules, :focus before :hover, and media queries last, the narrower first.
    expect(at('.rbase')).toBeLessThan(at('.fdefault'));
    expect(at('.fshort')).toBeLessThan(at('.ffocus'));
    expect(at('.ffocus')).toBeLessThan(at('.fhover'));
    expect(at('.fhover')).toBeLessThan(at('(min-width: 320px)'));
    expect(at('(min-width: 320px)')).toBeLessThan(at('(min-width: 640px)'));
  });

  it('puts a shorthand before the longhands that override it, and gives the same stylesheet in any module order', () => {
    // An app's override of one side, seen before the component whose shorthand it overrides.
    const OVERRIDE = `import { __styles } from '@griffel/react';
export const useOverride = __styles({ root: { z: "fleft" } }, { d: [".fleft{padding-left:0;}"] });`;
    const built = (modules: [string, string][]) => {
      const extraction = griffelCss({ emit: true });
      for (const [code, id] of modules) transform(extraction, code, id);
      return extraction.css();
    };
    const css = built([
      [OVERRIDE, '/x/override.js'],
      [BUTTON, '/x/a.js'],
      [LINK, '/x/b.js'],
    ]);
    // The run time's sheets: priority -1 (.fshort's padding) before priority 0 (.fleft's padding-left).
    expect(css.indexOf('.fshort')).toBeLessThan(css.indexOf('.fleft'));
    expect(
      built([
        [LINK, '/x/b.js'],
        [BUTTON, '/x/a.js'],
        [OVERRIDE, '/x/override.js'],
      ]),
    ).toBe(css);
  });

  it('leaves a call it cannot read to insert its CSS at run time, and counts it', () => {
    const extraction = griffelCss({ emit: true });
    const code = `import { __styles } from '@griffel/react';\nconst rules = { d: [".f{}"] };\n__styles({}, rules);`;
    expect(transform(extraction, code, '/x/c.js')).toBeNull();
    expect(extraction.stats().leftAtRunTime).toHaveLength(1);
  });

  it("gives the server's bundle the browser stylesheet's rules, in the browser's order (SSR-02)", () => {
    const rulesFile = join(mkdtempSync(join(tmpdir(), 'griffel-rules-')), 'griffel-rules.json');
    writeFileSync(rulesFile, JSON.stringify(['.fb{color:blue;}', '.fa{color:red;}']));
    const extraction = griffelCss({ emit: false, rulesFile });
    const hook = extraction.plugin.renderChunk;
    const handler = typeof hook === 'function' ? hook : hook?.handler;
    if (handler === undefined) throw new Error('the plugin has no renderChunk');
    const warnings: string[] = [];
    const context = {
      warn: (message: string) => warnings.push(message),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const result: unknown = Reflect.apply(handler, context, ['const RULES_JSON = "__GRIFFEL_CRITICAL_RULES__";']);
    const code = typeof result === 'object' && result !== null && 'code' in result ? String(result.code) : '';
    expect(code).toBe(`const RULES_JSON = ${JSON.stringify(JSON.stringify(['.fb{color:blue;}', '.fa{color:red;}']))};`);
    expect(warnings).toEqual([]);
  });
});
