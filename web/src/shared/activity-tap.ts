import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../gql';
import { SECONDARY } from './error-policy';

export const TapActivityMutation = graphql(`
  mutation TapActivity($id: ID!) {
    tapActivity(id: $id)
  }
`);

/**
 * CATALOG-11: what a link or card of an activity calls when the buyer taps it. The count is sent and forgotten: the
 * link navigates at once, nothing waits for the answer, a failure is silent (ERR-10), and a repeated tap is another
 * count, never a cancelled one.
 */
export function useActivityTap(): (activityId: string) => void {
  const client = useApolloClient();
  return useCallback(
    (activityId: string) => {
      client
        .mutate({ mutation: TapActivityMutation, variables: { id: activityId }, context: SECONDARY })
        .catch(() => undefined);
    },
    [client],
  );
}
