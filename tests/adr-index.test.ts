// docs/adr/README.md lists every decision in docs/adr, and nothing that is not there, so the index a newcomer reads
// first describes the folder as it is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '..', 'docs', 'adr');

describe('the ADR index', () => {
  it('links every ADR file once, and only files that exist', () => {
    const files = readdirSync(dir)
      .filter((name) => /^\d{4}-.+\.md$/.test(name))
      .sort();
    const linked = [...readFileSync(join(dir, 'README.md'), 'utf8').matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map(
      (match) => match[1],
    );
    expect([...linked].sort()).toEqual(files);
  });
});
