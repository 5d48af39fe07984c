import {
  Kind,
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { dateMessage, dateProblem, isBlank, textMessage, textProblem } from '@pharma/domain/text';
import { badUserInput, type FieldErrors } from '../errors';
import { inputLimitOf } from '../input-limits';

// Types are told apart by their `Symbol.toStringTag` and read through their own accessors, never by graphql's type
// guards: those refuse a schema built by another copy of graphql (vitest loads one for our sources beside Yoga's).
type Wrapper = { ofType: GraphQLInputType };
type InputObject = { name: string; getFields(): Record<string, { name: string; type: GraphQLInputType }> };
type Fielded = { name: string; getFields(): Record<string, GraphQLField<unknown, unknown>> };

const tagOf = (type: unknown) => Object.prototype.toString.call(type).slice(8, -1);
const isNonNull = (type: unknown): type is Wrapper => tagOf(type) === 'GraphQLNonNull';
const isList = (type: unknown): type is Wrapper => tagOf(type) === 'GraphQLList';
const isInputObject = (type: unknown): type is InputObject => tagOf(type) === 'GraphQLInputObjectType';
const hasFields = (type: unknown): type is Fielded =>
  ['GraphQLObjectType', 'GraphQLInterfaceType'].includes(tagOf(type));
const nullableOf = (type: GraphQLInputType): GraphQLInputType => (isNonNull(type) ? type.ofType : type);

function namedOf(type: unknown): unknown {
  let inner = type;
  while (isNonNull(inner) || isList(inner)) inner = inner.ofType;
  return inner;
}

/** One argument written in an operation: where it stands in the schema and what the operation wrote for it. */
interface ArgumentUse {
  coordinate: string;
  name: string;
  node: ArgumentNode;
  type: GraphQLInputType;
}

/** Parsed documents are cached and reused by Yoga, so each operation's argument list is found once. */
const usesByDocument = new WeakMap<DocumentNode, Map<string, ArgumentUse[]>>();

function operationOf(document: DocumentNode, operationName: string | null | undefined) {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operationName ? operations.find((operation) => operation.name?.value === operationName) : operations[0];
}

function rootTypeOf(schema: GraphQLSchema, operation: OperationDefinitionNode): unknown {
  if (operation.operation === 'query') return schema.getQueryType();
  return operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
}

/** Every field argument the operation writes, its fragments' included, with the schema coordinate it stands at. */
function argumentUses(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode) {
  const key = operation.name?.value ?? '';
  let byOperation = usesByDocument.get(document);
  const known = byOperation?.get(key);
  if (known) return known;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const uses: ArgumentUse[] = [];
  // A fragment is read once per type it is spread on; validation has already refused cycles.
  const read = new Set<string>();
  const stack: { selections: SelectionSetNode; type: unknown }[] = [
    { selections: operation.selectionSet, type: rootTypeOf(schema, operation) },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const parent = item.type;
    if (!hasFields(parent)) continue;
    for (const selection of item.selections.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        stack.push({ selections: selection.selectionSet, type });
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || read.has(fragment.name.value)) continue;
        read.add(fragment.name.value);
        stack.push({ selections: fragment.selectionSet, type: schema.getType(fragment.typeCondition.name.value) });
      } else {
        const field = parent.getFields()[selection.name.value];
        if (!field) continue;
        for (const node of selection.arguments ?? []) {
          const argument = field.args.find((candidate) => candidate.name === node.name.value);
          if (!argument) continue;
          const coordinate = `${parent.name}.${field.name}(${argument.name})`;
          uses.push({ coordinate, name: argument.name, node, type: argument.type });
        }
        if (selection.selectionSet) stack.push({ selections: selection.selectionSet, type: namedOf(field.type) });
      }
    }
  }
  if (!byOperation) usesByDocument.set(document, (byOperation = new Map()));
  byOperation.set(key, uses);
  return uses;
}

/** VAL-20..VAL-25 for one String or ID value; the first problem's Chinese message, or undefined. */
function problemOf(value: string, coordinate: string, scalar: 'String' | 'ID', name: string): string | undefined {
  const limit = inputLimitOf(coordinate, scalar);
  const label = limit.label ?? name;
  const text = textProblem(value, limit);
  if (text !== undefined) return textMessage(text, label, limit.max);
  if (limit.date === true && !isBlank(value)) {
    const date = dateProblem(value.trim());
    if (date !== undefined) return dateMessage(date, label);
  }
  return undefined;
}

const textScalarOf = (type: unknown): 'String' | 'ID' | undefined => {
  if (tagOf(type) !== 'GraphQLScalarType') return undefined;
  const { name } = type as GraphQLNamedType;
  return name === 'String' || name === 'ID' ? name : undefined;
};

/** A value the operation gives: a literal in the document, or (below a variable) a value of the request's JSON. */
type Given = { ast: ValueNode } | { json: unknown };

interface Variables {
  values: Record<string, unknown>;
  defaults: Map<string, ValueNode>;
}

/** What a variable stands for: the request's value, else the operation's default, else nothing. */
function variableValue(name: string, variables: Variables): Given | undefined {
  if (Object.hasOwn(variables.values, name)) return { json: variables.values[name] };
  const fallback = variables.defaults.get(name);
  return fallback === undefined ? undefined : { ast: fallback };
}

/**
 * Every String and ID of an argument, as written or as a variable, at any depth of its lists and input objects, with
 * the coordinate whose rule holds it. An explicit stack: the value is as deep as its type allows (VAL-26 refused the
 * rest as parsed), but nothing here should be able to grow the call stack.
 */
function checkArgument(use: ArgumentUse, variables: Variables, found: FieldErrors): void {
  const stack: { given: Given; type: GraphQLInputType; coordinate: string; name: string }[] = [
    { given: { ast: use.node.value }, type: use.type, coordinate: use.coordinate, name: use.name },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    let given: Given | undefined = item.given;
    if ('ast' in given && given.ast.kind === Kind.VARIABLE) given = variableValue(given.ast.name.value, variables);
    if (given === undefined) continue;
    const type = nullableOf(item.type);
    const at = (next: Given, nextType: GraphQLInputType, coordinate = item.coordinate, name = item.name) =>
      stack.push({ given: next, type: nextType, coordinate, name });
    if (isList(type)) {
      // A single value where a list is expected is a list of one (GraphQL's input coercion).
      if ('ast' in given) {
        if (given.ast.kind === Kind.LIST) for (const value of given.ast.values) at({ ast: value }, type.ofType);
        else at(given, type.ofType);
      } else if (Array.isArray(given.json)) for (const value of given.json) at({ json: value }, type.ofType);
      else at(given, type.ofType);
      continue;
    }
    if (isInputObject(type)) {
      const fields = type.getFields();
      if ('ast' in given) {
        if (given.ast.kind !== Kind.OBJECT) continue;
        for (const node of given.ast.fields) {
          const field = fields[node.name.value];
          if (field) at({ ast: node.value }, field.type, `${type.name}.${field.name}`, field.name);
        }
      } else if (typeof given.json === 'object' && given.json !== null) {
        for (const field of Object.values(fields)) {
          if (Object.hasOwn(given.json, field.name))
            at({ json: Reflect.get(given.json, field.name) }, field.type, `${type.name}.${field.name}`, field.name);
        }
      }
      continue;
    }
    const scalar = textScalarOf(type);
    if (scalar === undefined || found[item.name] !== undefined) continue;
    const value = 'ast' in given ? (given.ast.kind === Kind.STRING ? given.ast.value : undefined) : given.json;
    // Anything but a string is graphql-js's to refuse, with its own error.
    if (typeof value !== 'string') continue;
    const message = problemOf(value, item.coordinate, scalar, item.name);
    if (message !== undefined) found[item.name] = [message];
  }
}

/**
 * VAL-20..VAL-25 at the gateway, for every operation and before any resolver (so before any upstream call): each
 * String and ID an operation passes, written in it or sent as a variable, at any depth of an input object, is held
 * to the rule of its coordinate in `input-limits.ts`. A refusal is ERR-03's BAD_USER_INPUT with `fields` keyed by the
 * argument's or input field's name, the message naming the field in Chinese.
 */
export function useInputRules(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = operationOf(args.document, args.operationName);
      if (!operation) return;
      const uses = argumentUses(args.schema, args.document, operation);
      if (uses.length === 0) return;
      const defaults = new Map<string, ValueNode>();
      for (const definition of operation.variableDefinitions ?? [])
        if (definition.defaultValue) defaults.set(definition.variable.name.value, definition.defaultValue);
      const values = args.variableValues ?? {};
      const found: FieldErrors = {};
      for (const use of uses) checkArgument(use, { values, defaults }, found);
      if (Object.keys(found).length > 0) setResultAndStopExecution({ errors: [badUserInput(found)] });
    },
  };
}

/**
 * How deeply an operation's variables may nest: the deepest list or input object the schema accepts, plus the
 * variables object itself. An input type that contains itself could nest without end; it is held to `cap`.
 */
export function variableDepthOf(schema: GraphQLSchema, cap = 32): number {
  const memo = new Map<string, number>();
  const depthOfType = (type: GraphQLInputType, seen: Set<string>): number => {
    const nullable = nullableOf(type);
    if (isList(nullable)) return 1 + depthOfType(nullable.ofType, seen);
    if (!isInputObject(nullable)) return 0;
    const known = memo.get(nullable.name);
    if (known !== undefined) return known;
    if (seen.has(nullable.name)) return cap;
    seen.add(nullable.name);
    let deepest = 0;
    for (const field of Object.values(nullable.getFields())) deepest = Math.max(deepest, depthOfType(field.type, seen));
    seen.delete(nullable.name);
    const depth = Math.min(cap, 1 + deepest);
    memo.set(nullable.name, depth);
    return depth;
  };
  let deepest = 0;
  for (const type of Object.values(schema.getTypeMap())) {
    if (!hasFields(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields()))
      for (const argument of field.args) deepest = Math.max(deepest, depthOfType(argument.type, new Set()));
  }
  return Math.min(cap, 1 + deepest);
}

const isContainer = (value: unknown): value is object =>
  Array.isArray(value) ||
  (typeof value === 'object' &&
    value !== null &&
    (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null));

/** Whether `value` nests lists and plain objects deeper than `limit` levels; an explicit stack, never recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (!isContainer(value)) return false;
  const stack: { value: object; depth: number }[] = [{ value, depth: 1 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.depth > limit) return true;
    for (const child of Object.values(item.value)) {
      if (isContainer(child)) stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return false;
}

const TOO_DEEP = '请求的变量嵌套过深';

/**
 * VAL-26: variables (and extensions) nested deeper than any argument of the schema can take are refused as soon as
 * the request is parsed, before any other hook reads them: the response cache's key (a recursive stringify) and the
 * metrics would otherwise walk a 40,000-level value and overflow the stack.
 */
export function useVariableDepthLimit(schema: GraphQLSchema): Plugin {
  const limit = variableDepthOf(schema);
  // `extensions` carries persisted-query and client metadata: { persistedQuery: { version, sha256Hash } }.
  const extensionsLimit = Math.max(limit, 4);
  return {
    onRequestParse: () => ({
      onRequestParseDone({ requestParserResult }) {
        const all = Array.isArray(requestParserResult) ? requestParserResult : [requestParserResult];
        for (const params of all) {
          if (!nestsDeeperThan(params.variables, limit) && !nestsDeeperThan(params.extensions, extensionsLimit))
            continue;
          throw createGraphQLError(TOO_DEEP, {
            extensions: { code: 'BAD_USER_INPUT', fields: { variables: [TOO_DEEP] }, http: { status: 400 } },
          });
        }
      },
    }),
  };
}
