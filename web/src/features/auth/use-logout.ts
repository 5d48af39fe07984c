import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';

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
  const [logout, { loading }] = useMutation(LogoutMutation);
  return {
    loading,
    async logout(): Promise<void> {
      try {
        await logout();
      } catch {
        return;
      }
      await client.clearStore();
      window.location.reload();
    },
  };
}
