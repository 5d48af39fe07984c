/**
 * The seam between the gateway and the web's server entry (ADR 0310): the gateway hands over one page request and
 * an in-process way to ask its own /graphql; the web answers a redirect or the parts of a page. Both sides are
 * built separately (the gateway loads the web's server bundle at start), so this module is the only thing they
 * share, and `isServerEntry` checks the loaded bundle instead of trusting it.
 */
export interface ServerRenderRequest {
  /** The page's absolute address as the buyer asked for it. */
  url: string;
  /** The buyer's Cookie header: the session the page is rendered with, and nothing else. */
  cookie: string | null;
  /** Runs one GraphQL request through the gateway in this process, with the buyer's cookie already on it. */
  graphql: (body: string) => Promise<Response>;
  /**
   * The same for a request the gateway answers from a trusted document's prepared plan (ADR 0503), given the body as
   * an object: a successful answer comes back as the result object itself, with no JSON written or read between the
   * two; any other as the Response `graphql` would have given. Undefined when the request is not one it plans (before
   * anything ran): then `graphql` is asked. Absent from a gateway without plans.
   */
  execute?: (body: Record<string, unknown>) => Promise<InProcessAnswer | undefined>;
  /** Aborted when the gateway gives up on rendering and sends the client-rendered shell instead. */
  signal: AbortSignal;
}

/** An in-process GraphQL answer: the result object of a success, or the HTTP answer of anything else. */
export type InProcessAnswer =
  { kind: 'result'; result: Record<string, unknown> } | { kind: 'response'; response: Response };

export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Style elements and the title, for the end of <head>. */
      head: string;
      /** The rendered page, for #root. */
      body: string;
      /** Scripts that hand the server's data to the client (router state, Apollo cache), after #root. */
      data: string;
      /**
       * How many times the page was rendered: 1 when the route loaders had fetched everything it shows, more when a
       * part asked for data of its own (each asking costs a render). Reported in Server-Timing.
       */
      passes: number;
      /** The queries whose parts rendered without data on the first pass, and so cost the others. */
      waited: string[];
    };

export interface ServerEntry {
  render(request: ServerRenderRequest): Promise<ServerRenderResult>;
}

export function isServerEntry(value: unknown): value is ServerEntry {
  return typeof value === 'object' && value !== null && 'render' in value && typeof value.render === 'function';
}
