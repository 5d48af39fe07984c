import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, order, orderLine } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

describe('an order line’s batches (BATCH-04)', () => {
  it('answers each line’s batches with their number, production and expiry dates, nearest expiry first', async () => {
    upstream.ok(
      'GET',
      '/api/order/900',
      order({
        id: 900,
        lines: [
          orderLine({
            number: 5,
            batches: [
              { batch_id: 1, batch_no: '24110101', produced_on: '2024-11-01', expires_on: '2026-10-31', number: 3 },
              { batch_id: 2, batch_no: '25020301', produced_on: '2025-02-03', expires_on: '2027-02-02', number: 2 },
            ],
          }),
          orderLine({ id: 5002, batches: [] }),
        ],
      }),
    );
    const { body } = await gw.gql(
      '{ order(id: "900") { lines { id batches { batchNo producedOn expiresOn number } } } }',
      {},
      BUYER_AUTH,
    );
    expect(body).toEqual({
      data: {
        order: {
          lines: [
            {
              id: '5001',
              batches: [
                { batchNo: '24110101', producedOn: '2024-11-01', expiresOn: '2026-10-31', number: 3 },
                { batchNo: '25020301', producedOn: '2025-02-03', expiresOn: '2027-02-02', number: 2 },
              ],
            },
            { id: '5002', batches: [] },
          ],
        },
      },
    });
  });
});
