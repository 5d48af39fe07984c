// SEC-25: a form a buyer sends before the page's script runs must not put what was typed (a password, a phone
// number, a code) into the address, where history, logs and the Referer keep it. Every form but a search posts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'gql'
        ? []
        : sources(join(dir, entry.name))
      : entry.name.endsWith('.tsx')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the forms of the web', () => {
  it('SEC-25: post, unless they are a search', () => {
    const getting: string[] = [];
    let forms = 0;
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      // The opening tag of an element (not a comment's words): it ends with the first `>` that ends a line (its
      // attributes' arrows do not).
      for (const match of text.matchAll(/^[ \t]*<form\b([\s\S]*?)>[ \t]*\n/gm)) {
        forms += 1;
        const attributes = match[1] ?? '';
        if (!/method="post"/.test(attributes) && !/role=/.test(attributes)) {
          getting.push(`${relative(src, file)}:${text.slice(0, match.index).split('\n').length}`);
        }
      }
    }
    expect(forms).toBeGreaterThan(15);
    expect(getting).toEqual([]);
  });
});
