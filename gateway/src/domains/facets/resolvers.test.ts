import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { goods, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

const FACETS = {
  total: 42,
  facets: [
    {
      key: 'maker',
      name: '生产企业',
      more: 3,
      values: [{ value: '华润三九医药股份有限公司', name: '华润三九医药股份有限公司', count: 30, selected: true }],
    },
    { key: 'price', name: '价格', more: 0, values: [{ value: 'P1', name: '5-10元', count: 12, selected: false }] },
    { key: 'rx', name: '处方/OTC', more: 0, values: [{ value: 'RX', name: '处方药', count: 7, selected: false }] },
    { key: 'flag', name: '其他', more: 0, values: [{ value: 'stock', name: '有货', count: 40, selected: true }] },
  ],
};

const QUERY = `query ($filter: GoodsFilter) { goodsFacets(filter: $filter) {
  total facets { key name more values { value name count selected } } } }`;

describe('goodsFacets (FACET-01)', () => {
  it('passes the scope and the chosen values on and answers values as the filter takes them', async () => {
    upstream.ok('GET', '/api/goods/facets', FACETS);
    const { body } = await gw.gql(QUERY, {
      filter: {
        keyword: ' 感冒 ',
        categoryId: '3',
        zone: 'NEAR_EXPIRY',
        makers: ['华润三九医药股份有限公司', ' 华润三九医药股份有限公司 '],
        dosageForms: ['颗粒剂'],
        priceRanges: ['FROM_5_TO_10'],
        prescriptionClasses: ['PRESCRIPTION', 'OTC_A'],
        flags: ['IN_STOCK', 'MEDICAL_INSURANCE'],
        categories: ['12'],
        brands: ['4'],
        specs: ['10g*9袋'],
      },
    });
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/goods/facets')).toEqual({
      keywords: '感冒',
      type: '1',
      category_id: '3',
      is_jxq: '1',
      maker: ['华润三九医药股份有限公司'],
      form: ['颗粒剂'],
      price: ['P1'],
      rx: ['RX', 'OTC_A'],
      flag: ['stock', 'yb'],
      cat: ['12'],
      brand: ['4'],
      spec: ['10g*9袋'],
    });
    expect(body.data).toEqual({
      goodsFacets: {
        total: 42,
        facets: [
          {
            key: 'MAKER',
            name: '生产企业',
            more: 3,
            values: [
              { value: '华润三九医药股份有限公司', name: '华润三九医药股份有限公司', count: 30, selected: true },
            ],
          },
          {
            key: 'PRICE',
            name: '价格',
            more: 0,
            values: [{ value: 'FROM_5_TO_10', name: '5-10元', count: 12, selected: false }],
          },
          {
            key: 'PRESCRIPTION',
            name: '处方/OTC',
            more: 0,
            values: [{ value: 'PRESCRIPTION', name: '处方药', count: 7, selected: false }],
          },
          {
            key: 'FLAG',
            name: '其他',
            more: 0,
            values: [{ value: 'IN_STOCK', name: '有货', count: 40, selected: true }],
          },
        ],
      },
    });
  });

  it('narrows the list by the same values', async () => {
    upstream.ok('GET', '/api/goods/list', page([goods()]));
    const { body } = await gw.gql('query ($f: GoodsFilter) { goodsList(filter: $f) { total } }', {
      f: { makers: ['华润三九医药股份有限公司'], flags: ['COLD_CHAIN'], priceRanges: ['FROM_200'] },
    });
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/goods/list')).toMatchObject({
      maker: ['华润三九医药股份有限公司'],
      flag: ['cold'],
      price: ['P6'],
    });
  });

  it('refuses more than 20 values of a facet and an overlong value without asking the upstream', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `厂家${i}`);
    const tooMany = await gw.gql(QUERY, { filter: { makers: many } });
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(tooMany.body.errors?.[0]?.message).toBe('生产企业最多选择20项');
    const tooLong = await gw.gql(QUERY, { filter: { specs: ['规'.repeat(101)] } });
    expect(tooLong.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badEnum = await gw.gql(QUERY, { filter: { flags: ['EVERYTHING'] } });
    expect(badEnum.body.errors?.length).toBeGreaterThan(0);
    expect(upstream.calls('GET', '/api/goods/facets')).toEqual([]);
  });

  it('answers the new goods fields from the record', async () => {
    upstream.ok('GET', '/api/goods/detail/1', goods({ rx_class: 'RX', is_hm: 1, scope_class: 'COLD_CHAIN', is_yb: 0 }));
    const { body } = await gw.gql(
      '{ goods(id: "1") { dosageForm prescriptionClass isMedicalInsurance containsEphedrine isColdChain } }',
    );
    expect(body.data).toEqual({
      goods: {
        dosageForm: '颗粒剂',
        prescriptionClass: 'PRESCRIPTION',
        isMedicalInsurance: false,
        containsEphedrine: true,
        isColdChain: true,
      },
    });
  });
});
