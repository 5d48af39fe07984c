// The schema contract (docs/adr/0211-schema-contract.md): what the web and mobile apps were promised in the last
// release, and whether schema/*.graphql still keeps that promise. Tooling only: the gateway never imports it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  DEFAULT_DEPRECATION_REASON,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLArgument,
  type GraphQLEnumValue,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import {
  ChangeType,
  CriticalityLevel,
  diff,
  DiffRule,
  type Change,
  type TypeOfChangeType,
} from '@graphql-inspector/core';
import { z } from 'zod';
import { readTypeDefs } from '../src/schema-files';

type InspectorChange = Change<TypeOfChangeType>;

/** graphql-inspector's criticality, in the changelog's words. */
export type Severity = 'breaking' | 'dangerous' | 'safe';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Where the contract's files live, relative to the repository root. */
export const CONTRACT_FILES = {
  released: 'schema/released/schema.graphql',
  changelog: 'schema/CHANGELOG.md',
  acknowledged: 'schema/acknowledged-breaking.json',
} as const;

export function contractPath(file: keyof typeof CONTRACT_FILES): string {
  return root + CONTRACT_FILES[file];
}

const acknowledgementSchema = z.strictObject({
  // Absent only for changes inspector gives no path (the schema's root types).
  path: z.string().min(1).optional(),
  message: z.string().min(1),
  reason: z.string().trim().min(10, 'say who is affected and why the break is acceptable'),
  date: z.iso.date(),
});

/** One entry of schema/acknowledged-breaking.json: a breaking change made on purpose (SCHEMA-02). */
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

export interface ContractChange {
  severity: Severity;
  /** graphql-inspector's change type, e.g. FIELD_REMOVED. */
  type: TypeOfChangeType;
  /** `Type.field`, `Type.field.argument`, `Enum.VALUE`; null for changes of the schema's root types. */
  path: string | null;
  message: string;
  /** inspector's explanation of why the change is breaking or dangerous, when it gives one. */
  why: string | null;
  /** The entry that makes a breaking change deliberate, if any. */
  acknowledged: Acknowledgement | null;
}

export interface Refusal {
  rule: 'SCHEMA-02' | 'SCHEMA-03';
  path: string | null;
  /** What is wrong and what to do instead, for the failing test's output. */
  explanation: string;
}

export interface ContractReport {
  /** Every difference from the released schema, in inspector's order. */
  changes: ContractChange[];
  /** What keeps the schema from passing; empty when it keeps the released contract. */
  refusals: Refusal[];
}

const severities: Record<CriticalityLevel, Severity> = {
  [CriticalityLevel.Breaking]: 'breaking',
  [CriticalityLevel.Dangerous]: 'dangerous',
  [CriticalityLevel.NonBreaking]: 'safe',
};

/** Removals that SCHEMA-03 lets through only after the thing removed shipped `@deprecated`. */
const removals = new Set<TypeOfChangeType>([
  ChangeType.FieldRemoved,
  ChangeType.InputFieldRemoved,
  ChangeType.FieldArgumentRemoved,
  ChangeType.EnumValueRemoved,
]);

/**
 * The schema of schema/*.graphql. Built by graphql itself rather than the gateway's Yoga: Yoga's copy of graphql is
 * not always the one graphql-inspector compares with (see gateway/vitest.config.ts), and the SDL is the same.
 */
export function currentSchema(dir?: string): GraphQLSchema {
  return buildSchema((dir === undefined ? readTypeDefs() : readTypeDefs(dir)).join('\n'));
}

const RELEASE_HEADER = /^# The GraphQL schema as released \(release (\d+), (\d{4}-\d{2}-\d{2})\)/;

export interface Release {
  number: number;
  date: string;
  schema: GraphQLSchema;
}

/** The header that makes the released file say which release it is; SDL comments are ignored by every parser. */
export function releasedHeader(number: number, date: string): string {
  return [
    `# The GraphQL schema as released (release ${number}, ${date}): the contract the web and mobile apps build on.`,
    '# Written by `npm run schema:release` (docs/adr/0211-schema-contract.md); never edit it by hand.',
    '',
  ].join('\n');
}

export function parseRelease(text: string): Release {
  const header = RELEASE_HEADER.exec(text);
  if (!header)
    throw new Error(`${CONTRACT_FILES.released} lacks its release header; write it with npm run schema:release`);
  return { number: Number(header[1]), date: header[2] ?? '', schema: buildSchema(text) };
}

/** The last release, or null before the first one. */
export function readRelease(path = contractPath('released')): Release | null {
  return existsSync(path) ? parseRelease(readFileSync(path, 'utf8')) : null;
}

export function parseAcknowledgements(json: unknown): Acknowledgement[] {
  const parsed = z.array(acknowledgementSchema).safeParse(json);
  if (!parsed.success) {
    throw new Error(`${CONTRACT_FILES.acknowledged} is malformed:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export function readAcknowledgements(path = contractPath('acknowledged')): Acknowledgement[] {
  return existsSync(path) ? parseAcknowledgements(JSON.parse(readFileSync(path, 'utf8'))) : [];
}

/** Whether the thing a removal names (`Type.field`, `Type.field.arg`, `Input.field`, `Enum.VALUE`) was deprecated. */
function wasDeprecated(schema: GraphQLSchema, path: string): boolean {
  const [typeName = '', member = '', argument] = path.split('.');
  const type: GraphQLNamedType | undefined = schema.getType(typeName);
  let found: GraphQLField<unknown, unknown> | GraphQLInputField | GraphQLEnumValue | GraphQLArgument | undefined;
  if (isObjectType(type) || isInterfaceType(type)) {
    const field = type.getFields()[member];
    found = argument === undefined ? field : field?.args.find((arg) => arg.name === argument);
  } else if (isInputObjectType(type)) {
    found = type.getFields()[member];
  } else if (isEnumType(type)) {
    found = type.getValue(member) ?? undefined;
  }
  return found?.deprecationReason != null;
}

function acknowledgementLine(change: { path: string | null; message: string }): string {
  const entry = { ...(change.path === null ? {} : { path: change.path }), message: change.message };
  return JSON.stringify({ ...entry, reason: '<who is affected and why that is acceptable>', date: 'YYYY-MM-DD' });
}

/**
 * Compares the current schema with the released one under the contract's rules: a breaking change passes only when
 * acknowledged (SCHEMA-02), a removal only of what the release shipped deprecated (SCHEMA-03), and an acknowledgement
 * that matches no change is refused so the file never carries permission for a change nobody is making.
 */
export async function checkContract(
  released: GraphQLSchema,
  current: GraphQLSchema,
  acknowledgements: readonly Acknowledgement[],
): Promise<ContractReport> {
  const found: InspectorChange[] = await diff(released, current);
  const used = new Set<Acknowledgement>();
  const refusals: Refusal[] = [];
  const changes = found.map((change): ContractChange => {
    const path = change.path ?? null;
    const severity = severities[change.criticality.level];
    const acknowledged =
      severity === 'breaking'
        ? (acknowledgements.find((ack) => (ack.path ?? null) === path && ack.message === change.message) ?? null)
        : null;
    if (acknowledged) used.add(acknowledged);
    return {
      severity,
      type: change.type,
      path,
      message: change.message,
      why: change.criticality.reason ?? null,
      acknowledged,
    };
  });

  for (const change of changes) {
    if (change.severity !== 'breaking') continue;
    const where = change.path ?? 'schema';
    if (removals.has(change.type) && change.path !== null && !wasDeprecated(released, change.path)) {
      refusals.push({
        rule: 'SCHEMA-03',
        path: change.path,
        explanation:
          `${where}: "${change.message}", but the released schema does not mark it @deprecated. Deprecate before ` +
          `removing: put it back with @deprecated(reason: "Use <its replacement>."), release that, and remove it ` +
          `no sooner than 90 days later. An acknowledgement does not allow this removal.`,
      });
    } else if (!change.acknowledged) {
      const instead = removals.has(change.type)
        ? 'It was released deprecated: remove it only 90 days after that release and once no supported app ' +
          'version queries it (SCHEMA-03), then'
        : 'Keep the old shape working instead: add the new field, argument or value beside it and mark the old one ' +
          '@deprecated(reason: "Use <its replacement>."). If the break is deliberate,';
      refusals.push({
        rule: 'SCHEMA-02',
        path: change.path,
        explanation:
          `${where}: "${change.message}" breaks clients built on the released schema` +
          `${change.why ? ` (${change.why.replace(/\.$/, '')})` : ''}. ${instead} acknowledge it in ` +
          `${CONTRACT_FILES.acknowledged}: ${acknowledgementLine(change)}`,
      });
    }
  }
  for (const ack of acknowledgements) {
    if (used.has(ack)) continue;
    refusals.push({
      rule: 'SCHEMA-02',
      path: ack.path ?? null,
      explanation:
        `${CONTRACT_FILES.acknowledged} acknowledges "${ack.message}", which is not a breaking change of the ` +
        `current schema against the release: remove the entry (or copy path and message from the check's output).`,
    });
  }
  return { changes, refusals };
}

function describable(schema: GraphQLSchema): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap()).filter(
    (type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type),
  );
}

/**
 * Every type, field, argument, input field and enum value without a description (SCHEMA-05), and every deprecation
 * whose reason is graphql's default instead of naming the replacement (SCHEMA-04). Empty when the contract reads
 * well to a mobile developer who has only the schema.
 */
export function undocumented(schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  const described = (path: string, description: string | null | undefined) => {
    if (!description?.trim()) problems.push(`${path}: no description (SCHEMA-05)`);
  };
  const reasoned = (path: string, reason: string | null | undefined) => {
    if (reason != null && (!reason.trim() || reason === DEFAULT_DEPRECATION_REASON)) {
      problems.push(`${path}: @deprecated without a reason naming its replacement (SCHEMA-04)`);
    }
  };
  for (const type of describable(schema)) {
    described(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        const path = `${type.name}.${field.name}`;
        described(path, field.description);
        reasoned(path, field.deprecationReason);
        for (const arg of field.args) {
          described(`${path}(${arg.name})`, arg.description);
          reasoned(`${path}(${arg.name})`, arg.deprecationReason);
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        described(`${type.name}.${field.name}`, field.description);
        reasoned(`${type.name}.${field.name}`, field.deprecationReason);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        described(`${type.name}.${value.name}`, value.description);
        reasoned(`${type.name}.${value.name}`, value.deprecationReason);
      }
    }
  }
  return problems;
}

/**
 * The changelog's section for one release: inspector's changes grouped as breaking / dangerous / safe, children of
 * an added type or field folded into it (inspector's simplifyChanges), breaking ones with their acknowledgement.
 */
export async function changelogSection(
  release: { number: number; date: string },
  released: GraphQLSchema,
  current: GraphQLSchema,
  report: ContractReport,
): Promise<string> {
  const lines = [`## Release ${release.number} (${release.date})`, ''];
  const simplified = await diff(released, current, [DiffRule.simplifyChanges]);
  const shown = new Set(simplified.map((change) => `${change.path ?? ''} ${change.message}`));
  // Folding must never hide a breaking or dangerous change, whatever path it shares with an addition.
  const listed = report.changes.filter(
    (change) => change.severity !== 'safe' || shown.has(`${change.path ?? ''} ${change.message}`),
  );
  const headings: [Severity, string][] = [
    ['breaking', 'Breaking'],
    ['dangerous', 'Dangerous'],
    ['safe', 'Safe'],
  ];
  for (const [severity, heading] of headings) {
    const ofSeverity = listed.filter((change) => change.severity === severity);
    if (ofSeverity.length === 0) continue;
    lines.push(`### ${heading}`, '');
    for (const change of ofSeverity) {
      const ack = change.acknowledged;
      lines.push(`- ${change.message}${ack ? `. Acknowledged ${ack.date}: ${ack.reason}` : ''}`);
    }
    lines.push('');
  }
  if (listed.length === 0) lines.push('No change to the contract.', '');
  return lines.join('\n');
}
