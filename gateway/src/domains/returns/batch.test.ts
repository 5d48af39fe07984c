import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, returnRequest } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const asked = returnRequest({
  status: 0,
  status_text: '待审核',
  photos: [],
  approved_at: null,
  received_at: null,
  refunded_at: null,
  batch: { batch_id: 71, batch_no: '25031201', produced_on: '2025-03-12', expires_on: '2027-03-11' },
});

describe('a return’s batch (BATCH-07)', () => {
  it('sends the batch chosen and answers the batch the return names', async () => {
    upstream.ok('POST', '/api/order/900/return', asked);
    const { body } = await gw.gql(
      `mutation($input: RequestReturnInput!) { requestReturn(input: $input) {
        returnRequest { batch { id batchNo producedOn expiresOn } } userErrors { message } } }`,
      { input: { orderId: '900', lineId: '5001', number: 2, reason: '商品破损', batchId: '71' } },
      BUYER_AUTH,
    );
    expect(body.data).toEqual({
      requestReturn: {
        returnRequest: { batch: { id: '71', batchNo: '25031201', producedOn: '2025-03-12', expiresOn: '2027-03-11' } },
        userErrors: [],
      },
    });
    expect(upstream.form('POST', '/api/order/900/return')).toMatchObject({ batch_id: '71' });
  });
});
