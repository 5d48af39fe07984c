import type { ClientOf } from './route-kit';
import type { RouteObject } from 'react-router';
import { infoRoutes } from './info-routes';
import { memberRoutes } from './member-routes';
import { pointsMallRoutes } from './points-mall-routes';
import { promotionRoutes } from './promotion-routes';
import { transitRoutes } from './transit-routes';

/**
 * The areas whose route table the first page does not carry (ADR 0309): the member pages, help and information, the
 * points mall, the remaining promotions and the transit addresses. The router fetches this table the first time an
 * address is not one of the routes it already knows.
 */
export function lazyAreaRoutes(clientOf: ClientOf): RouteObject[] {
  return [
    ...memberRoutes(clientOf),
    ...infoRoutes(clientOf),
    ...pointsMallRoutes(clientOf),
    ...promotionRoutes(clientOf),
    ...transitRoutes(),
  ];
}
