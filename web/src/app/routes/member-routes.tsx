import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router';
import { MemberLayout } from '../shell/MemberLayout';
import { accountCentreRoutes } from './account-centre-routes';
import { orderRoutes } from './order-routes';
import { walletRoutes } from './wallet-routes';

/** Every member page inside the member menu's frame (SHELL-17): account centre, wallet and orders. */
export function memberRoutes(client: ApolloClient): RouteObject[] {
  return [
    {
      element: <MemberLayout />,
      children: [...accountCentreRoutes(client), ...walletRoutes(client), ...orderRoutes(client)],
    },
  ];
}
