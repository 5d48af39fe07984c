import type { ReturnStatus } from '../../gql/graphql';

/** At most this many photos go with a return (the upstream refuses more). */
export const MAX_PHOTOS = 6;

/** The steps of a return (AFTER-05) as the detail page shows them. */
export const RETURN_STEPS = ['提交申请', '审核通过', '商家收货', '退款完成'] as const;

/** Which step a return has reached, from 1; a refused return stopped at the review (the page says so apart). */
export function returnStep(status: ReturnStatus): number {
  switch (status) {
    case 'REQUESTED':
    case 'REFUSED':
      return 1;
    case 'APPROVED':
      return 2;
    case 'RECEIVED':
      return 3;
    case 'REFUNDED':
      return 4;
  }
}

/** Whether a status is the end of the road (refunded or refused). */
export const isFinal = (status: ReturnStatus) => status === 'REFUNDED' || status === 'REFUSED';
