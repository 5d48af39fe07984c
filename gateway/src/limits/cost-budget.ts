import { TypeInfo, ValidationContext, visit, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { auditLimit } from '../audit';
import { rateLimited } from '../errors';
import type { Asker } from './sensitive';
import type { LimiterFactory } from './store';

/** graphql-armor's cost of one operation, as its cost limit counts it (app.ts configures the same weights). */
export type CostOf = (schema: GraphQLSchema, document: DocumentNode) => number;

/**
 * The cost armor's rule computes, once per parsed document: Yoga keeps parsed documents, so a page's operations are
 * costed once per process, not per request.
 */
export function armorCost(): CostOf {
  const costs = new WeakMap<DocumentNode, number>();
  return (schema, document) => {
    let cost = costs.get(document);
    if (cost === undefined) {
      let found = 0;
      // The rule alone, walked over the document: graphql's `validate` would first check the schema against its own
      // copy of graphql, which a test run's second copy fails.
      const context = new ValidationContext(schema, document, new TypeInfo(schema), () => undefined);
      visit(
        document,
        costLimitRule({
          maxCost: Number.MAX_SAFE_INTEGER,
          flattenFragments: true,
          onAccept: [(_context, details: { n: number }) => (found += details.n)],
        })(context),
      );
      costs.set(document, (cost = found));
    }
    return cost;
  };
}

/** What any request costs at least, executed or not (OPS-13): about a small query's own cost. */
export const REQUEST_COST = 10;

/** The cost budget: its Yoga plugin, and what the trusted documents' hot path (hot-path.ts) calls in its place. */
export interface CostBudget {
  plugin: Plugin;
  /** The operation's cost as the budget charges it, kept per parsed document. */
  costOf: CostOf;
  /**
   * What a request of a known cost pays, in one charge on arrival: REQUEST_COST and the rest of its cost, as the
   * plugin charges them in two (OPS-13, ERR-09). The refusal to answer when the address's or the session's budget is
   * spent; `about` is what the audit line is about.
   */
  chargePlan(asker: Asker, cost: number, about: object): Promise<GraphQLError | undefined>;
}

/**
 * ERR-09: what one client may spend per minute. A session spends from its own budget and from its address's, ten
 * times larger: colleagues behind one NAT each keep their own budget, and a client inventing sessions still meets
 * its address's (ADR 0207).
 */
export function costBudget(options: {
  perMinute: number;
  limiters: LimiterFactory;
  askerOf: (context: object) => Asker;
  /** Who sends a request, before any GraphQL context exists (OPS-13: every request is charged). */
  askerOfRequest?: (request: Request, serverContext: object) => Asker;
  costOf?: CostOf;
}): CostBudget {
  const costOf = options.costOf ?? armorCost();
  const bySession = options.limiters('costSession', {
    points: options.perMinute,
    durationSeconds: 60,
    blockSeconds: 0,
  });
  const byAddress = options.limiters('costAddress', {
    points: options.perMinute * 10,
    durationSeconds: 60,
    blockSeconds: 0,
  });
  const charge = async (asker: Asker, points: number, about: object): Promise<GraphQLError | undefined> => {
    try {
      await byAddress.consume(asker.address, points);
      if (asker.session !== null) await bySession.consume(asker.session, points);
      return undefined;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      auditLimit(about, 'costBudget', refusal.msBeforeNext / 1000);
      return rateLimited(refusal.msBeforeNext / 1000);
    }
  };
  const plugin: Plugin = {
    // OPS-13: every request pays REQUEST_COST when it arrives, so one that never executes (a document that does not
    // parse or validate, an operation name the document lacks) is charged too, and a client over its budget is
    // refused before its request is parsed.
    async onParams({ request, context, setResult }) {
      if (!options.askerOfRequest) return;
      const refused = await charge(options.askerOfRequest(request, context), REQUEST_COST, request);
      if (refused) setResult({ data: null, errors: [refused] });
    },
    async onExecute({ args, setResultAndStopExecution }) {
      const cost = costOf(args.schema, args.document) - (options.askerOfRequest ? REQUEST_COST : 0);
      if (cost <= 0) return;
      const context = args.contextValue as object;
      const refused = await charge(options.askerOf(context), cost, context);
      if (refused) setResultAndStopExecution({ data: null, errors: [refused] });
    },
  };
  return {
    plugin,
    costOf,
    chargePlan: (asker, cost, about) =>
      charge(asker, options.askerOfRequest ? Math.max(cost, REQUEST_COST) : cost, about),
  };
}

/** The budget's Yoga plugin alone. */
export function useCostBudget(options: Parameters<typeof costBudget>[0]): Plugin {
  return costBudget(options).plugin;
}
