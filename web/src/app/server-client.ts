// The Apollo client the web's server entry (ADR 0310) renders one page request with.
import { ApolloClient, ApolloLink, HttpLink, type ObservableQuery, type OperationVariables } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { fallbackHttpConfig, parseAndCheckHttpResponse, selectHttpOptionsAndBody } from '@apollo/client/link/http';
import { filterOperationVariables } from '@apollo/client/link/utils';
import { filter, firstValueFrom, from, mergeMap, of } from 'rxjs';
import type { ServerRenderRequest } from '@pharma/domain/server-render';
import { createCache } from '../shared/apollo-cache';
import { reactionsFor, type InlineInputErrorsContext } from '../shared/error-policy';
import { createPersistedLink } from '../shared/persisted-link';

/**
 * The client of one page request. It remembers every query the page watched, so the render can tell afterwards
 * whether each found its data in the cache the route loaders filled.
 */
export class PageClient extends ApolloClient {
  /**
   * For each query watched this round: its operation's name, whether it is still waiting for data, and how to fetch
   * it as a route loader would have.
   */
  private readonly watched: { name: string; waiting: () => boolean; fetch: () => Promise<boolean> }[] = [];

  override watchQuery<TData = unknown, TVariables extends OperationVariables = OperationVariables>(
    options: ApolloClient.WatchQueryOptions<TData, TVariables>,
  ): ObservableQuery<TData, TVariables> {
    const observable = super.watchQuery(options);
    const operation = options.query.definitions.find((definition) => definition.kind === 'OperationDefinition');
    const name = operation && 'name' in operation ? (operation.name?.value ?? 'anonymous') : 'anonymous';
    this.watched.push({
      name,
      waiting: () => observable.getCurrentResult().loading,
      // Watching the query fetches it with the page's own options; the first answer that is not loading ends the wait.
      fetch: async () =>
        (await firstValueFrom(observable.pipe(filter((result) => !result.loading)))).error === undefined,
    });
    return observable;
  }

  /**
   * Fetches every query of this round that is still waiting, as a route loader would have, and answers whether each
   * came back without an error: the next round then finds them all in the cache. An error is not cached, so a query
   * that failed would wait again in every round; the caller leaves that to prerenderStatic, which renders the error.
   */
  async fetchWaiting(): Promise<boolean> {
    const answers = await Promise.allSettled(
      this.watched.filter(({ waiting }) => waiting()).map(({ fetch }) => fetch()),
    );
    return answers.every((answer) => answer.status === 'fulfilled' && answer.value);
  }

  /** The queries rendered since `startRound` that are still waiting for data (they showed their loading state). */
  waitingQueries(): string[] {
    return [...new Set(this.watched.filter(({ waiting }) => waiting()).map(({ name }) => name))];
  }

  startRound(): void {
    this.watched.length = 0;
  }
}

/** What parseAndCheckHttpResponse answers: it has already refused anything that is not a GraphQL result. */
const isResult = (value: unknown): value is ApolloLink.Result => typeof value === 'object' && value !== null;

/**
 * ADR 0503: a request the gateway answers from a trusted document's plan runs there in this process with the body as
 * an object, and its result comes back as an object: no JSON written by the gateway and read again here. The body is
 * HttpLink's (its persisted-query extension, its unused variables left out); anything the gateway does not plan goes
 * on to HttpLink, and an answer that is not a plain success is read as HttpLink reads one.
 */
function inProcessLink(execute: NonNullable<ServerRenderRequest['execute']>): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const context = operation.getContext();
    const { body } = selectHttpOptionsAndBody(operation, fallbackHttpConfig, {
      http: context.http,
      options: context.fetchOptions,
      credentials: context.credentials,
      headers: context.headers,
    });
    if (body.variables) body.variables = filterOperationVariables(body.variables, operation.query);
    return from(execute({ ...body })).pipe(
      mergeMap(async (answer) => {
        if (answer === undefined) return undefined;
        if (answer.kind === 'result') return answer.result;
        const parsed: unknown = await parseAndCheckHttpResponse(operation)(answer.response);
        if (!isResult(parsed)) throw new Error('the gateway answered no GraphQL result');
        return parsed;
      }),
      mergeMap((result) => (result === undefined ? forward(operation) : of(result))),
    );
  });
}

/**
 * A client for one page request: its requests run through the gateway in this process with the buyer's cookie, and
 * it notes when the page's own query found no session, which the browser would answer by going to the login page.
 */
export function serverClient(request: ServerRenderRequest, onSignInNeeded: () => void): PageClient {
  const http = new HttpLink({
    uri: '/graphql',
    fetch: async (_input, init) => {
      if (typeof init?.body !== 'string') throw new Error('the server renders with JSON requests only');
      return request.graphql(init.body);
    },
  });
  const signIn = new ErrorLink(({ error, operation }) => {
    const context = operation.getContext() as InlineInputErrorsContext;
    if (context.secondary === true || !CombinedGraphQLErrors.is(error)) return;
    if (reactionsFor(error.errors).some((reaction) => reaction.kind === 'login')) onSignInNeeded();
  });
  // SEC-20: by hash, as the browser sends them, so a gateway that accepts only trusted documents renders pages too.
  const link = ApolloLink.from([
    signIn,
    createPersistedLink(),
    ...(request.execute === undefined ? [] : [inProcessLink(request.execute)]),
    http,
  ]);
  return new PageClient({ ssrMode: true, link, cache: createCache() });
}
