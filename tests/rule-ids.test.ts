// docs/product.md is where comments and test names point instead of the spec (which is not in the repository): these
// checks keep the pointers from going stale as code moves.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const product = readFileSync(resolve(root, 'docs/product.md'), 'utf8');
const RULE_ROW = /^\| ([A-Z]+-\d{2}) \|(.*)\|(.*)\|\s*$/gm;
const rows = [...product.matchAll(RULE_ROW)].map(([, id = '', , where = '']) => ({ id, where }));
const defined = new Set(rows.map((row) => row.id));

/** The repository's tracked source files (what a newcomer reads), generated output excluded. */
function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => /\.(ts|tsx|graphql|yaml|sql|md)$/.test(f))
    .filter((f) => !/(^|\/)(generated|gql|node_modules|dist)\//.test(f) && existsSync(resolve(root, f)));
}

describe('docs/product.md', () => {
  it('gives every rule a unique id', () => {
    expect(rows.length).toBeGreaterThan(50);
    expect(defined.size).toBe(rows.length);
  });

  it('names only modules that exist where it says a rule lives', () => {
    const missing: string[] = [];
    for (const { id, where } of rows) {
      for (const [, path = ''] of where.matchAll(/`([\w@./*-]+\/[\w@./*-]+)`/g)) {
        if (path.startsWith('@') || path.startsWith('/')) continue;
        const file = path.replace(/\/\*.*$/, '');
        if (!existsSync(resolve(root, file))) missing.push(`${id}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('defines every rule id that code, tests and documents cite', () => {
    const cited = new Map<string, string>();
    for (const file of sourceFiles()) {
      if (file === 'docs/product.md') continue;
      const text = readFileSync(resolve(root, file), 'utf8');
      for (const [id] of text.matchAll(
        /\b(?:SHELL|SSR|SEARCH|CATALOG|CART|ORDER|PAY|DRAW|AUTH|VAL|ERR|API|MONEY|TIME|SEC|SCHEMA|OPS|CACHE)-\d{2}\b/g,
      )) {
        if (!defined.has(id)) cited.set(id, file);
      }
    }
    expect(Object.fromEntries(cited)).toEqual({});
  });

  it('is what comments cite, not the spec by section number', () => {
    const citing: string[] = [];
    const spec = /\bspec(?:ification)?(?:'s)? ?(?:section|§|\d)/i;
    for (const file of sourceFiles()) {
      if (file.startsWith('docs/benchmarks')) continue;
      readFileSync(resolve(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (spec.test(line)) citing.push(`${file}:${i + 1}`);
        });
    }
    expect(citing).toEqual([]);
  });
});
