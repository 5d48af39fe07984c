import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  changelogSection,
  checkContract,
  contractPath,
  currentSchema,
  parseAcknowledgements,
  readAcknowledgements,
  readRelease,
  undocumented,
  type Acknowledgement,
} from '../scripts/schema-contract';

// A small released contract and edits of it, so each rule is seen to refuse before the real schema is trusted to it.
const RELEASED = `
  type Query {
    goods(id: ID!): Goods
    legacyGoods(id: ID!): Goods @deprecated(reason: "Use goods.")
  }
  type Goods { id: ID!, name: String, spec: String }
  enum Kind { RETAIL WHOLESALE SAMPLE @deprecated(reason: "Use RETAIL.") }
  input Filter { keyword: String, kind: Kind }
  type Mutation { search(filter: Filter): [Goods!]! }
`;

async function check(edit: (sdl: string) => string, acknowledgements: Acknowledgement[] = []) {
  return checkContract(buildSchema(RELEASED), buildSchema(edit(RELEASED)), acknowledgements);
}

function ack(path: string, message: string): Acknowledgement {
  return {
    path,
    message,
    reason: 'No released app reads it (checked in the published manifests).',
    date: '2026-11-26',
  };
}

describe('the schema check', () => {
  it('SCHEMA-03: refuses a field removed without a deprecation, even when acknowledged', async () => {
    const removed = (sdl: string) => sdl.replace(', spec: String', '');
    const unacknowledged = await check(removed);
    expect(unacknowledged.changes).toMatchObject([{ severity: 'breaking', path: 'Goods.spec' }]);
    expect(unacknowledged.refusals).toMatchObject([{ rule: 'SCHEMA-03', path: 'Goods.spec' }]);
    expect(unacknowledged.refusals[0]?.explanation).toContain('@deprecated(reason:');

    const message = unacknowledged.changes[0]?.message ?? '';
    const acknowledged = await check(removed, [ack('Goods.spec', message)]);
    expect(acknowledged.refusals.map((r) => r.rule)).toEqual(['SCHEMA-03']);
  });

  it('SCHEMA-03: refuses an enum value removed without a deprecation', async () => {
    const report = await check((sdl) => sdl.replace(' WHOLESALE', ''));
    expect(report.refusals).toMatchObject([{ rule: 'SCHEMA-03', path: 'Kind.WHOLESALE' }]);
  });

  it('SCHEMA-02, SCHEMA-03: lets a field deprecated in the release go once the removal is acknowledged', async () => {
    const removed = (sdl: string) => sdl.replace(/\n\s*legacyGoods.*\n/, '\n');
    const unacknowledged = await check(removed);
    expect(unacknowledged.refusals).toMatchObject([{ rule: 'SCHEMA-02', path: 'Query.legacyGoods' }]);
    // The refusal says how to acknowledge, with the entry to paste.
    const message = unacknowledged.changes[0]?.message ?? '';
    expect(unacknowledged.refusals[0]?.explanation).toContain(JSON.stringify(message));
    expect(unacknowledged.refusals[0]?.explanation).toContain('schema/acknowledged-breaking.json');

    const acknowledged = await check(removed, [ack('Query.legacyGoods', message)]);
    expect(acknowledged.refusals).toEqual([]);
    expect(acknowledged.changes).toMatchObject([{ severity: 'breaking', acknowledged: { path: 'Query.legacyGoods' } }]);
  });

  it('SCHEMA-02, SCHEMA-03: lets a deprecated enum value go once acknowledged', async () => {
    const removed = (sdl: string) => sdl.replace(/ SAMPLE @deprecated\(reason: "Use RETAIL\."\)/, '');
    const { changes } = await check(removed);
    const report = await check(removed, [ack('Kind.SAMPLE', changes[0]?.message ?? '')]);
    expect(report.refusals).toEqual([]);
  });

  it('passes a new optional argument, which inspector calls dangerous (a resolver may now answer differently)', async () => {
    const report = await check((sdl) => sdl.replace('goods(id: ID!)', 'goods(id: ID!, batch: String)'));
    expect(report.changes).toMatchObject([{ severity: 'dangerous', path: 'Query.goods.batch' }]);
    expect(report.refusals).toEqual([]);
  });

  it('passes an output made non-null and a new root type as safe', async () => {
    const report = await check(
      (sdl) => `${sdl.replace('name: String', 'name: String!')}\ntype Subscription { x: Int }`,
    );
    expect(report.changes.map((c) => [c.path, c.severity])).toEqual(
      expect.arrayContaining([
        ['Goods.name', 'safe'],
        ['Subscription', 'safe'],
      ]),
    );
    expect(report.changes.every((c) => c.severity === 'safe')).toBe(true);
    expect(report.refusals).toEqual([]);
  });

  it('SCHEMA-02: refuses an input made required and a new required argument unless acknowledged', async () => {
    const report = await check((sdl) =>
      sdl
        .replace('keyword: String', 'keyword: String!')
        .replace('search(filter: Filter)', 'search(filter: Filter, page: Int!)'),
    );
    expect(report.refusals.map((r) => `${r.rule} ${r.path}`).sort()).toEqual([
      'SCHEMA-02 Filter.keyword',
      'SCHEMA-02 Mutation.search.page',
    ]);
  });

  it('SCHEMA-02: refuses an acknowledgement that matches no change', async () => {
    const report = await check((sdl) => sdl, [ack('Goods.spec', "Field 'spec' was removed from object type 'Goods'")]);
    expect(report.refusals).toMatchObject([{ rule: 'SCHEMA-02', path: 'Goods.spec' }]);
  });

  it('refuses an acknowledgement without a reason or a date', () => {
    expect(() => parseAcknowledgements([{ path: 'Goods.spec', message: 'removed' }])).toThrow(/reason[\s\S]*date/);
    expect(() => parseAcknowledgements([{ ...ack('Goods.spec', 'removed'), date: '26.11.2026' }])).toThrow(/date/);
  });

  it('SCHEMA-01: writes a release section by category, acknowledged breaks with their reason, additions folded', async () => {
    const edit = (sdl: string) =>
      sdl
        .replace(/\n\s*legacyGoods.*\n/, '\n')
        .replace('goods(id: ID!)', 'goods(id: ID!, batch: String)')
        .concat('\ntype Subscription { cartChanged(store: ID): Goods! }');
    const { changes } = await check(edit);
    const removal = changes.find((c) => c.path === 'Query.legacyGoods')?.message ?? '';
    const report = await check(edit, [ack('Query.legacyGoods', removal)]);
    const section = await changelogSection(
      { number: 2, date: '2026-12-01' },
      buildSchema(RELEASED),
      buildSchema(edit(RELEASED)),
      report,
    );
    expect(section).toContain('## Release 2 (2026-12-01)');
    expect(section).toContain(`### Breaking\n\n- ${removal}. Acknowledged 2026-11-26: No released app reads it`);
    expect(section).toContain("### Dangerous\n\n- Argument 'batch: String' added to field 'Query.goods'");
    expect(section).toContain("- Type 'Subscription' was added");
    // The new type's field and argument are part of the type's addition, not lines of their own.
    expect(section).not.toContain('cartChanged');
  });

  it('SCHEMA-04, SCHEMA-05: names what lacks a description and deprecations without a reason', () => {
    const schema = buildSchema(`
      "Reads." type Query { "A goods." goods(id: ID!): Kind, "Old." old: Int @deprecated }
      "Kinds." enum Kind { "Retail." RETAIL WHOLESALE }
    `);
    expect(undocumented(schema)).toEqual([
      'Query.goods(id): no description (SCHEMA-05)',
      'Query.old: @deprecated without a reason naming its replacement (SCHEMA-04)',
      'Kind.WHOLESALE: no description (SCHEMA-05)',
    ]);
  });
});

describe('schema/ against the last release', () => {
  const release = readRelease();

  it('SCHEMA-05, SCHEMA-04: describes every type, field, argument, input field and enum value', () => {
    expect(undocumented(currentSchema())).toEqual([]);
  });

  it('SCHEMA-02, SCHEMA-03: breaks nothing the release promised, unless acknowledged', async () => {
    if (!release) throw new Error('schema/released/schema.graphql is missing: run npm run schema:release');
    const report = await checkContract(release.schema, currentSchema(), readAcknowledgements());
    expect(report.refusals.map((r) => `${r.rule} ${r.explanation}`)).toEqual([]);
  });

  it("SCHEMA-01: the released schema is the changelog's newest release", () => {
    const newest = /^## Release (\d+) \((\d{4}-\d{2}-\d{2})\)/m.exec(readFileSync(contractPath('changelog'), 'utf8'));
    expect(newest?.slice(1)).toEqual([String(release?.number), release?.date]);
  });
});
