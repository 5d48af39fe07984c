import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router';
import { handle } from './route-kit';

/** The member centre and the account centre (/zhzx): basic info, documents, stores, WeChat, addresses, messages. */
export function accountCentreRoutes(client: ApolloClient): RouteObject[] {
  return [
    {
      path: 'user',
      handle: handle({ title: '会员中心' }),
      lazy: async () => {
        const page = await import('../../features/account/AccountPage');
        return { Component: page.default, loader: () => page.preload(client) };
      },
    },
  ];
}
