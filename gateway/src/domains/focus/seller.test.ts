import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';

const { upstream, gw } = useGatewayOnFakeUpstream();

describe('the seller (INFO-08)', () => {
  it('answers the company the upstream is configured with, its licences null until published', async () => {
    upstream.ok('GET', '/api/global/seller', {
      name: '药采通医药科技有限公司（演示）',
      tax_id: '91330100MA2CF3LM0Q',
      drug_licence: '浙AA5710001',
      internet_drug_licence: null,
    });
    const { body } = await gw.gql('{ seller { name taxId drugLicence internetDrugLicence } }');
    expect(body.data).toEqual({
      seller: {
        name: '药采通医药科技有限公司（演示）',
        taxId: '91330100MA2CF3LM0Q',
        drugLicence: '浙AA5710001',
        internetDrugLicence: null,
      },
    });
  });
});
