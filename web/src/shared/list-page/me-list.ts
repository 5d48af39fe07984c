import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useListSearch, type PageFilter } from './list-search';

/**
 * A member's list page: the filter its address holds and the way to change it (`useListSearch`), and the list that
 * filter asks for under `me`. Fetched again on every visit, since a list such as the invoices or draws changes
 * elsewhere (an order paid, a draw in the pop-up); `signedOut` once the answer says there is no member.
 */
export function useMeList<
  TData extends { me?: object | null },
  TVars extends OperationVariables,
  F extends PageFilter,
  L,
>(
  query: TypedDocumentNode<TData, TVars>,
  search: { read: (params: URLSearchParams) => F; write: (filter: F) => string },
  variables: (filter: F) => TVars,
  pick: (me: NonNullable<TData['me']>) => L,
) {
  const { filter, go } = useListSearch(search.read, search.write);
  const { data, loading, error } = useQuery(query, { variables: variables(filter), fetchPolicy: 'cache-and-network' });
  const me = data?.me;
  return { filter, go, signedOut: data !== undefined && !me, list: me ? pick(me) : undefined, loading, error };
}
