import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

const REPORT = {
  id: 41,
  goods_id: 7,
  goods_name: '感冒灵颗粒',
  sccj: '华润三九医药股份有限公司',
  ypgg: '10g*9袋',
  batch_no: '26091507',
  report_no: 'JY202609240000071',
  lab: '广东省药品检验所',
  produced_on: '2026-09-15',
  expires_on: '2028-09-14',
  inspected_on: '2026-09-24',
  conclusion: '符合规定',
  image: 'http://upstream.test/api/images/report/41.svg',
};

describe('inspection reports', () => {
  it('REPORT-01: maps /api/jybg/filter and passes the filter on', async () => {
    upstream.ok('GET', '/api/jybg/filter', page([REPORT], { current_page: 2, per_page: 5, total: 6 }));
    const { body } = await gw.gql(
      `{ inspectionReports(filter: { goodsId: "7", batchNo: "26091507", keyword: "gml" }, page: 2, pageSize: 5) {
        total page pageSize items { id goodsId goodsName manufacturer spec batchNo reportNo laboratory producedOn
          expiresOn inspectedOn conclusion image } } }`,
    );
    expect(body).toEqual({
      data: {
        inspectionReports: {
          total: 6,
          page: 2,
          pageSize: 5,
          items: [
            {
              id: '41',
              goodsId: '7',
              goodsName: '感冒灵颗粒',
              manufacturer: '华润三九医药股份有限公司',
              spec: '10g*9袋',
              batchNo: '26091507',
              reportNo: 'JY202609240000071',
              laboratory: '广东省药品检验所',
              producedOn: '2026-09-15',
              expiresOn: '2028-09-14',
              inspectedOn: '2026-09-24',
              conclusion: '符合规定',
              image: 'http://upstream.test/api/images/report/41.svg',
            },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/jybg/filter')).toEqual({
      page: '2',
      page_size: '5',
      goods_id: '7',
      batch_no: '26091507',
      keyword: 'gml',
    });
  });

  it('REPORT-01: finds nothing for a goods id no goods can have, without asking the upstream', async () => {
    const { body } = await gw.gql('{ inspectionReports(filter: { goodsId: "abc" }) { total items { id } } }');
    expect(body).toEqual({ data: { inspectionReports: { total: 0, items: [] } } });
    expect(upstream.calls('GET', '/api/jybg/filter')).toHaveLength(0);
  });

  it('refuses a page size over 50 with BAD_USER_INPUT', async () => {
    const { body } = await gw.gql('{ inspectionReports(pageSize: 51) { total } }');
    expect(body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });
});
