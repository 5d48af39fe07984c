// `npm run schema:release`: promises the current schema/*.graphql to the web and mobile apps (SCHEMA-01). It refuses
// what `npm test` would refuse, writes schema/released/schema.graphql, adds the release's section to
// schema/CHANGELOG.md and moves the acknowledgements it used into that section (docs/adr/0211-schema-contract.md).
//
//   npm run schema:release [-- --date YYYY-MM-DD] [--schema-dir <dir of *.graphql>]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { printSchema } from 'graphql';
import {
  changelogSection,
  checkContract,
  CONTRACT_FILES,
  contractPath,
  currentSchema,
  readAcknowledgements,
  readRelease,
  releasedHeader,
  undocumented,
} from '../gateway/scripts/schema-contract';

const CHANGELOG_INTRO = `# Schema changelog

Every release of the public GraphQL contract (\`schema/*.graphql\`) that the web and mobile apps build on, newest
first. \`npm run schema:release\` writes each section: graphql-inspector's verdict on every change against the
release before, grouped as breaking (only ever acknowledged ones, with the reason), dangerous (valid for existing
clients but able to change what they see, such as a new enum value or argument) and safe. The released schema
itself is \`${CONTRACT_FILES.released}\`; the policy (deprecate before removing, how to acknowledge a break) is
docs/adr/0211-schema-contract.md, rules SCHEMA-01 to SCHEMA-05 in docs/product.md.
`;

const { values } = parseArgs({ options: { date: { type: 'string' }, 'schema-dir': { type: 'string' } } });
const date = values.date ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error(`✖ --date must be YYYY-MM-DD, not ${date}`);
  process.exit(1);
}

const current = currentSchema(values['schema-dir']);
const problems = undocumented(current);
if (problems.length > 0) {
  console.error(`✖ not released: the contract must explain itself\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}

const last = readRelease();
let section: string;
if (last) {
  const report = await checkContract(last.schema, current, readAcknowledgements());
  if (report.refusals.length > 0) {
    const refused = report.refusals.map((r) => `  ${r.rule} ${r.explanation}`).join('\n');
    console.error(`✖ not released: schema/ breaks release ${last.number}\n${refused}`);
    process.exit(1);
  }
  if (report.changes.length === 0) {
    console.log(`schema/ is release ${last.number} (${last.date}) unchanged: nothing to release.`);
    process.exit(0);
  }
  section = await changelogSection({ number: last.number + 1, date }, last.schema, current, report);
} else {
  const types = Object.keys(current.getTypeMap()).filter((name) => !name.startsWith('__')).length;
  section = [
    `## Release 1 (${date})`,
    '',
    `The first released contract: schema/*.graphql as it stood when the contract was first checked (${types}`,
    'named types). Later sections list changes against the release before.',
    '',
  ].join('\n');
}

const number = last ? last.number + 1 : 1;
const releasedPath = contractPath('released');
mkdirSync(dirname(releasedPath), { recursive: true });
writeFileSync(releasedPath, `${releasedHeader(number, date)}\n${printSchema(current)}\n`);

const changelogPath = contractPath('changelog');
const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : CHANGELOG_INTRO;
const firstSection = changelog.search(/^## /m);
writeFileSync(
  changelogPath,
  firstSection === -1
    ? `${changelog.trimEnd()}\n\n${section}`
    : `${changelog.slice(0, firstSection)}${section}\n${changelog.slice(firstSection)}`,
);
// The acknowledgements are now history in the changelog; left in place they would match no change and fail the check.
writeFileSync(contractPath('acknowledged'), '[]\n');

console.log(`✔ released schema ${number} (${date}): ${CONTRACT_FILES.released}, ${CONTRACT_FILES.changelog}`);
