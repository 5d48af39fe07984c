import { getArgumentValues } from '@graphql-tools/utils';
import {
  getOperationAST,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { auditLimit } from '../audit';
import { errorCodeOf, rateLimited, unavailable } from '../errors';
import type { LimiterFactory, Window } from './store';

/** What an execute hook may answer: the hooks to run once execution is done. */
type ExecuteHookResult = Exclude<Awaited<ReturnType<NonNullable<Plugin['onExecute']>>>, void>;

/** Who is asking, as far as the gateway can tell (ADR 0207). */
export interface Asker {
  address: string;
  /** The hashed session, or null for a visitor. */
  session: string | null;
}

type Args = Record<string, unknown>;

/** One count a call is held to: which limiter, and under which key. */
interface Count {
  limiter: RateLimiterAbstract;
  key: string;
  /** Cleared, not just refunded, when the call succeeds: a buyer who signs in starts afresh from that address. */
  clearOnSuccess?: boolean;
  /** Remembered for three weeks when the call succeeds: the account has signed in from this address. */
  rememberOnSuccess?: boolean;
}

interface Policy {
  /**
   * `failures`: a point is reserved before the call and given back when it succeeds, so only wrong passwords and
   * codes add up. `attempts`: every call counts, for calls whose mere answer is what an attacker wants (a code sent
   * to a phone, whether a number is registered).
   */
  counts: 'failures' | 'attempts';
  countsOf(args: Args, asker: Asker): Count[] | Promise<Count[]>;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The windows, and why each is sized as it is (ADR 0207). A buyer behind a shared NAT is never the unit that gets
 * locked: the tight windows are per account or per phone number, paired with the address where that helps; the
 * per-address windows are wide enough for a pharmacy chain's whole office.
 */
export const WINDOWS = {
  // One account from one address: ten wrong passwords, then a quarter of an hour's pause.
  loginPair: { points: 10, durationSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  // One account from anywhere: guessing spread over many addresses still meets a ceiling.
  loginAccount: { points: 100, durationSeconds: HOUR, blockSeconds: HOUR },
  // One address over every account (credential stuffing), a whole office's typing errors well below it.
  loginAddress: { points: 200, durationSeconds: HOUR, blockSeconds: 15 * MINUTE },
  // A 6-digit code valid 5 minutes: five wrong tries leave a guess one chance in 200,000.
  codePhone: { points: 5, durationSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  codeAddress: { points: 50, durationSeconds: HOUR, blockSeconds: 15 * MINUTE },
  // Text messages cost money and reach a person: five a number an hour (the upstream adds one a minute).
  sendPhone: { points: 5, durationSeconds: HOUR, blockSeconds: HOUR },
  sendAddress: { points: 30, durationSeconds: HOUR, blockSeconds: HOUR },
  // Asked once or twice while filling the registration form; hundreds is someone listing the buyers.
  phoneLookupAddress: { points: 30, durationSeconds: 10 * MINUTE, blockSeconds: 10 * MINUTE },
  passwordChangeSession: { points: 10, durationSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  // Not a limit: where each account signed in during the last three weeks (see loginAccount's exemption). Under
  // 24.8 days: the in-memory store expires keys with a timer, and Node fires longer timers at once.
  knownAddress: { points: 1_000_000, durationSeconds: 21 * 24 * HOUR, blockSeconds: 0 },
} satisfies Record<string, Window>;

type LimiterName = keyof typeof WINDOWS;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');
const inputOf = (args: Args): Args =>
  typeof args['input'] === 'object' && args['input'] !== null ? (args['input'] as Args) : {};

/**
 * SEC-06: the root fields that open sessions, send codes or tell whether a buyer exists. Each may appear once per
 * operation (aliases would multiply attempts inside one request) and is held to the windows above.
 */
function policies(limiter: (name: LimiterName) => RateLimiterAbstract): Record<string, Policy> {
  const codeCheck = (phone: string, asker: Asker): Count[] => [
    { limiter: limiter('codePhone'), key: phone },
    { limiter: limiter('codeAddress'), key: asker.address },
  ];
  return {
    'Mutation.login': {
      counts: 'failures',
      countsOf: async (args, asker) => {
        const username = text(args['username']);
        const pair = `${username}@${asker.address}`;
        // An account locked by guesses spread over many addresses still signs in from where its buyer has signed
        // in before (ADR 0207): a spray cannot lock a pharmacy out of its own office.
        const known = (await limiter('knownAddress').get(pair)) !== null;
        return [
          { limiter: limiter('loginPair'), key: pair, clearOnSuccess: true },
          ...(known ? [] : [{ limiter: limiter('loginAccount'), key: username }]),
          { limiter: limiter('loginAddress'), key: asker.address },
          { limiter: limiter('knownAddress'), key: pair, rememberOnSuccess: true },
        ];
      },
    },
    'Mutation.register': {
      counts: 'failures',
      countsOf: (args, asker) => codeCheck(text(inputOf(args)['phone']), asker),
    },
    'Mutation.registerStore': {
      counts: 'failures',
      countsOf: (args, asker) => codeCheck(text(inputOf(args)['phone']), asker),
    },
    'Mutation.resetPassword': { counts: 'failures', countsOf: (args, asker) => codeCheck(text(args['phone']), asker) },
    'Mutation.sendVerificationCode': {
      counts: 'attempts',
      countsOf: (args, asker) => [
        { limiter: limiter('sendPhone'), key: text(args['phone']) },
        { limiter: limiter('sendAddress'), key: asker.address },
      ],
    },
    'Mutation.changePassword': {
      counts: 'failures',
      countsOf: (_args, asker) => [{ limiter: limiter('passwordChangeSession'), key: asker.session ?? asker.address }],
    },
    // Opens a session as login does; no password to guess, but never twenty at once.
    'Mutation.switchStore': { counts: 'attempts', countsOf: () => [] },
    'Query.phoneRegistered': {
      counts: 'attempts',
      countsOf: (_args, asker) => [{ limiter: limiter('phoneLookupAddress'), key: asker.address }],
    },
  };
}

/** The sensitive fields an operation's root selects, through fragments, with the node that names each. */
function rootFieldsOf(
  selectionSet: SelectionSetNode,
  fragment: (name: string) => FragmentDefinitionNode | undefined | null,
  found: FieldNode[] = [],
  seen = new Set<string>(),
): FieldNode[] {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) found.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFieldsOf(selection.selectionSet, fragment, found, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const definition = fragment(selection.name.value);
      if (definition) rootFieldsOf(definition.selectionSet, fragment, found, seen);
    }
  }
  return found;
}

const rootTypeName = (operation: 'query' | 'mutation' | 'subscription') =>
  operation === 'query' ? 'Query' : operation === 'mutation' ? 'Mutation' : 'Subscription';

/** SEC-06: a sensitive field twice in one operation (under aliases, or through fragments) refuses the operation. */
export function oncePerOperation(sensitive: ReadonlySet<string>): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const counted = new Map<string, FieldNode[]>();
      for (const field of rootFieldsOf(operation.selectionSet, (name) => context.getFragment(name))) {
        const coordinate = `${rootTypeName(operation.operation)}.${field.name.value}`;
        if (sensitive.has(coordinate)) counted.set(coordinate, [...(counted.get(coordinate) ?? []), field]);
      }
      for (const [coordinate, nodes] of counted) {
        if (nodes.length > 1) {
          context.reportError(
            new GraphQLError(`${coordinate.split('.')[1] ?? coordinate} 每个请求只能调用一次`, { nodes }),
          );
        }
      }
    },
  });
}

interface Held {
  responseKey: string;
  policy: Policy;
  counts: Count[];
}

/** A sensitive call of one execution, with its argument values. */
interface Called {
  responseKey: string;
  policy: Policy;
  values: Args;
}

/**
 * The sensitive calls of one execution (a call whose variables do not fit is skipped: execution refuses it anyway).
 * Synchronous, so the operations with none, nearly all of them, pay no promise for it.
 */
function sensitiveCalls(args: ExecutionArgs, table: Record<string, Policy>): Called[] {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return [];
  const typeName = rootTypeName(operation.operation);
  // The schema's own accessors, not graphql's type guards: those refuse a schema built by a second copy of graphql
  // (vitest loads one for our sources beside the one Yoga uses).
  const type =
    operation.operation === 'query'
      ? args.schema.getQueryType()
      : operation.operation === 'mutation'
        ? args.schema.getMutationType()
        : args.schema.getSubscriptionType();
  if (!type) return [];
  const fields = type.getFields();
  const fragments = fragmentsOf(args.document);
  const called: Called[] = [];
  for (const node of rootFieldsOf(operation.selectionSet, (name) => fragments.get(name))) {
    const policy = table[`${typeName}.${node.name.value}`];
    const definition = fields[node.name.value];
    if (!policy || !definition) continue;
    try {
      called.push({
        responseKey: node.alias?.value ?? node.name.value,
        policy,
        values: getArgumentValues(definition, node, args.variableValues ?? {}),
      });
    } catch {
      continue;
    }
  }
  return called;
}

const fragmentsCache = new WeakMap<DocumentNode, Map<string, FragmentDefinitionNode>>();
function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  let found = fragmentsCache.get(document);
  if (!found) {
    found = new Map(
      document.definitions
        .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
        .map((definition) => [definition.name.value, definition]),
    );
    fragmentsCache.set(document, found);
  }
  return found;
}

/** Seconds until a refused key may try again. */
function retryAfterOf(refusal: unknown): number {
  if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext / 1000;
  throw refusal;
}

/** A failure that counts: the buyer's input was wrong (password, code), not the upstream being unwell. */
const countsAsFailure = (error: { path?: readonly (string | number)[] | undefined }, responseKey: string) =>
  error.path?.[0] === responseKey && ['BUSINESS_ERROR', 'BAD_USER_INPUT'].includes(errorCodeOf(error) ?? '');

/**
 * SEC-06 in the gateway: sensitive root fields once per operation, each held to its windows before it runs. A refusal
 * answers RATE_LIMITED with `retryAfter` and runs nothing; the answer carries an error, so no cookie rides on it
 * (SEC-05).
 */
export function useSensitiveLimits(options: { limiters: LimiterFactory; askerOf: (context: object) => Asker }): Plugin {
  const made = new Map<LimiterName, RateLimiterAbstract>();
  const limiter = (name: LimiterName) => {
    let found = made.get(name);
    // Sign-in, codes and number lookups fail closed while Redis is away (SEC-06, ADR 0214).
    if (!found) made.set(name, (found = options.limiters(name, WINDOWS[name], { failClosed: true })));
    return found;
  };
  const table = policies(limiter);
  const rule = oncePerOperation(new Set(Object.keys(table)));
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const called = sensitiveCalls(args, table);
      return called.length === 0 ? undefined : hold(called, args.contextValue as object, setResultAndStopExecution);
    },
  };

  async function hold(
    called: Called[],
    context: object,
    setResultAndStopExecution: (result: ExecutionResult) => void,
  ): Promise<ExecuteHookResult | undefined> {
    const asker = options.askerOf(context);
    let held: Held[] = [];
    const reserved: Count[] = [];
    try {
      held = await Promise.all(
        called.map(async (call) => ({ ...call, counts: await call.policy.countsOf(call.values, asker) })),
      );
      for (const call of held) {
        for (const count of call.counts) {
          // A memory of success is written after the call, never reserved: a failure must not make an address known.
          if (count.rememberOnSuccess) continue;
          await count.limiter.consume(count.key);
          reserved.push(count);
        }
      }
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) {
        // SEC-06, ADR 0214: counts that cannot be read (Redis unreachable) refuse the call, 系统繁忙, rather than
        // let through a try nobody counted. What was reserved is given back where that still works.
        await Promise.allSettled(reserved.map((count) => count.limiter.reward(count.key)));
        setResultAndStopExecution({ data: null, errors: [unavailable()] });
        return undefined;
      }
      const retryAfter = retryAfterOf(refusal);
      auditLimit(
        context,
        held.flatMap((c) => c.counts.filter((n) => !n.rememberOnSuccess))[reserved.length]?.limiter.keyPrefix,
        retryAfter,
      );
      // What was reserved before the refusal is given back: a refused call was never attempted.
      await Promise.all(reserved.map((count) => count.limiter.reward(count.key)));
      setResultAndStopExecution({ data: null, errors: [rateLimited(retryAfter)] });
      return undefined;
    }
    return {
      async onExecuteDone({ result }) {
        if (!('errors' in result) && !('data' in result)) return;
        const errors = 'errors' in result ? (result.errors ?? []) : [];
        // A failure keeps its points; a success, or a call the upstream never answered, gives them back.
        const settle = (call: Held, count: Count): Promise<unknown> | undefined => {
          const failed = errors.some((error) => countsAsFailure(error, call.responseKey));
          const succeeded = !errors.some((error) => error.path?.[0] === call.responseKey);
          if (count.rememberOnSuccess) {
            return succeeded ? count.limiter.set(count.key, 1, WINDOWS.knownAddress.durationSeconds) : undefined;
          }
          if (call.policy.counts === 'attempts' || failed) return undefined;
          return succeeded && count.clearOnSuccess ? count.limiter.delete(count.key) : count.limiter.reward(count.key);
        };
        // Settled where the store still answers: a Redis lost after the call must not turn its answer into an error.
        await Promise.allSettled(held.flatMap((call) => call.counts.map((count) => settle(call, count))));
      },
    };
  }
}
