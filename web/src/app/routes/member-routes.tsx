import type { ClientOf } from './route-kit';
import type { RouteObject } from 'react-router';
import { accountCentreRoutes } from './account-centre-routes';
import { orderRoutes } from './order-routes';
import { selfServiceRoutes } from './self-service-routes';
import { walletRoutes } from './wallet-routes';

/**
 * Every member page inside the member menu's frame (SHELL-17): account centre, wallet, orders and self-service. The frame is
 * fetched with the first member page, not with the home page, which never shows it (ADR 0302).
 */
export function memberRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    {
      lazy: async () => ({ Component: (await import('../shell/MemberLayout')).MemberLayout }),
      children: [
        ...accountCentreRoutes(clientOf),
        ...walletRoutes(clientOf),
        ...orderRoutes(clientOf),
        ...selfServiceRoutes(clientOf),
      ],
    },
  ];
}
