import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../gql';
import { clearSessionChanged } from '../../shared/session-change';

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

/**
 * 安全退出: end the session on the server, then drop every cached answer (no buyer sees another's data) and
 * reload, as AUTH-08 says. A failed logout leaves the page as it is; the error link shows why.
 */
export function useLogout() {
  const client = useApolloClient();
  // The client's own mutate rather than useMutation: the top bar is on the home route, whose bundle is counted
  // (ADR 0302), and this is the only mutation there.
  const [loading, setLoading] = useState(false);
  return {
    loading,
    async logout(): Promise<void> {
      setLoading(true);
      try {
        await client.mutate({ mutation: LogoutMutation });
      } catch {
        setLoading(false);
        return;
      }
      await client.clearStore();
      // AUTH-10: a successful logout removes the login flag and reloads the page.
      clearSessionChanged();
      window.location.reload();
    },
  };
}
