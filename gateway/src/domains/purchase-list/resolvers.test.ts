import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, cartLine, cartList, goods } from '../../testkit/fixtures';
import type { PurchaseListRowMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const row = (overrides: Partial<PurchaseListRowMapper>): PurchaseListRowMapper => ({
  line: 2,
  name: '感冒灵颗粒',
  spec: '',
  maker: '华润三九',
  pzwh: '',
  number: 3,
  error: null,
  status: 'exact',
  matched_by: 'name',
  candidate_total: 1,
  candidates: [goods({ id: 12, name: '感冒灵颗粒' })],
  ...overrides,
});

const MATCH = `mutation($text: String, $file: File) {
  matchPurchaseList(text: $text, file: $file) {
    exact ambiguous none
    rows { line name spec manufacturer approvalNumber number error status matchedBy candidateTotal
      candidates { id name price { fen amount } stock } }
  }
}`;

async function uploadMatch(bytes: string, name: string) {
  const body = new FormData();
  body.append('operations', JSON.stringify({ query: MATCH, variables: { file: null } }));
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', new Blob([bytes], { type: 'text/csv' }), name);
  const response = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    body,
    headers: { 'apollo-require-preflight': 'true', ...BUYER_AUTH },
  });
  return (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: unknown }[] };
}

describe('purchase lists (IMPORT-01..IMPORT-06)', () => {
  it('IMPORT-04: sends pasted text to the upstream as multipart and answers each row with its candidates', async () => {
    upstream.ok('POST', '/api/cart/match', {
      rows: [
        row({}),
        row({
          line: 3,
          name: '阿莫西林胶囊',
          maker: '',
          pzwh: 'H13026002',
          status: 'ambiguous',
          matched_by: 'contains',
          candidate_total: 9,
          candidates: [goods({ id: 13 }), goods({ id: 14 })],
        }),
        row({
          line: 4,
          name: '不存在',
          number: null,
          error: '数量必须是大于0的整数',
          status: 'none',
          matched_by: null,
          candidate_total: 0,
          candidates: [],
        }),
      ],
      exact: 1,
      ambiguous: 1,
      none: 1,
      columns: [],
      header_line: null,
    });
    const { body } = await gw.gql(MATCH, { text: '感冒灵颗粒\t\t华润三九\t\t3' }, BUYER_AUTH);
    expect(body.errors).toBeUndefined();
    const [seen] = upstream.calls('POST', '/api/cart/match');
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.authorization).toBe('Bearer buyer-token');
    expect(seen?.rawBody).toContain('name="text"\r\n\r\n感冒灵颗粒\t\t华润三九\t\t3');
    const data = body.data as { matchPurchaseList: { rows: Record<string, unknown>[]; exact: number } };
    expect(data.matchPurchaseList.exact).toBe(1);
    expect(data.matchPurchaseList.rows[0]).toMatchObject({
      manufacturer: '华润三九',
      status: 'EXACT',
      matchedBy: 'NAME',
      candidates: [{ id: '12', name: '感冒灵颗粒' }],
    });
    expect(data.matchPurchaseList.rows[1]).toMatchObject({
      approvalNumber: 'H13026002',
      status: 'AMBIGUOUS',
      matchedBy: 'NAME_PART',
      candidateTotal: 9,
    });
    expect(data.matchPurchaseList.rows[2]).toMatchObject({
      number: null,
      error: '数量必须是大于0的整数',
      status: 'NONE',
      matchedBy: null,
      candidates: [],
    });
  });

  it('IMPORT-01: forwards an uploaded file as the file it is; the upstream’s refusal is BAD_USER_INPUT on file', async () => {
    upstream.refuse('POST', '/api/cart/match', { file: ['文件已加密或已损坏'] });
    const res = await uploadMatch('名称,数量\n感冒灵颗粒,2\n', '采购单.csv');
    const [seen] = upstream.calls('POST', '/api/cart/match');
    expect(seen?.rawBody).toContain('name="file"; filename="采购单.csv"');
    expect(seen?.rawBody).toContain('名称,数量\n感冒灵颗粒,2\n');
    expect(res.errors?.[0]).toMatchObject({
      message: '文件已加密或已损坏',
      extensions: { code: 'BAD_USER_INPUT', fields: { file: ['文件已加密或已损坏'] } },
    });
  });

  it('IMPORT-17: answers how each column was read, and forwards the buyer’s correction as the upstream’s fields', async () => {
    upstream.ok('POST', '/api/cart/match', {
      rows: [row({ line: 5 })],
      exact: 1,
      ambiguous: 0,
      none: 0,
      columns: [
        { index: 0, title: '通用名', field: 'name' },
        { index: 1, title: '产地/厂家', field: 'maker' },
        { index: 2, title: '订货量', field: null },
      ],
      header_line: 4,
    });
    const { body } = await gw.gql(
      `mutation($text: String, $columns: [PurchaseListColumnInput!]) {
        matchPurchaseList(text: $text, columns: $columns) { headerLine columns { index title field } }
      }`,
      {
        text: '通用名\t产地/厂家\t订货量',
        columns: [
          { field: 'NAME', index: 0 },
          { field: 'QUANTITY', index: 2 },
          { field: 'MANUFACTURER', index: null },
        ],
      },
      BUYER_AUTH,
    );
    expect(body).toEqual({
      data: {
        matchPurchaseList: {
          headerLine: 4,
          columns: [
            { index: 0, title: '通用名', field: 'NAME' },
            { index: 1, title: '产地/厂家', field: 'MANUFACTURER' },
            { index: 2, title: '订货量', field: null },
          ],
        },
      },
    });
    const [seen] = upstream.calls('POST', '/api/cart/match');
    expect(seen?.rawBody).toContain('name="columns[name]"\r\n\r\n0\r\n');
    expect(seen?.rawBody).toContain('name="columns[number]"\r\n\r\n2\r\n');
    expect(seen?.rawBody).toContain('name="columns[maker]"\r\n\r\n\r\n');
  });

  it('IMPORT-17: a mapping without the goods’ column, or with one column twice, is refused before any upstream call', async () => {
    const query = `mutation($columns: [PurchaseListColumnInput!]) {
      matchPurchaseList(text: "感冒灵颗粒", columns: $columns) { exact }
    }`;
    const noGoods = await gw.gql(query, { columns: [{ field: 'QUANTITY', index: 1 }] }, BUYER_AUTH);
    expect(noGoods.body.errors?.[0]).toMatchObject({
      message: '请指定商品名称或批准文号所在的列',
      extensions: { code: 'BAD_USER_INPUT', fields: { columns: ['请指定商品名称或批准文号所在的列'] } },
    });
    const twice = await gw.gql(
      query,
      {
        columns: [
          { field: 'NAME', index: 1 },
          { field: 'QUANTITY', index: 1 },
        ],
      },
      BUYER_AUTH,
    );
    expect(twice.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    const negative = await gw.gql(query, { columns: [{ field: 'NAME', index: -1 }] }, BUYER_AUTH);
    expect(negative.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(upstream.calls('POST', '/api/cart/match')).toHaveLength(0);
  });

  it('IMPORT-02: nothing pasted and no file is refused before any upstream call', async () => {
    const { body } = await gw.gql(MATCH, { text: '  \n ' }, BUYER_AUTH);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(upstream.calls('POST', '/api/cart/match')).toHaveLength(0);
  });

  it('IMPORT-06: adds the lines, names the refused ones and answers the cart read afterwards', async () => {
    upstream.ok(
      'POST',
      '/api/cart/import',
      {
        added: [{ goods_id: 12, name: '感冒灵颗粒', number: 3 }],
        failed: [{ goods_id: 14, name: '阿莫西林胶囊', number: 900, reason: '库存不足，最多可购买40件' }],
        total: 1,
      },
      '已加入购物车1种商品，1种未能加入',
    );
    upstream.ok('GET', '/api/cart/list', cartList([cartLine({ id: 5, number: 3 }, { id: 12 })]));
    const { body } = await gw.gql(
      `mutation($lines: [PurchaseListLineInput!]!) { importPurchaseList(lines: $lines) {
        message added { goodsId name number } refused { goodsId name number reason } cart { id count } } }`,
      {
        lines: [
          { goodsId: '12', number: 3 },
          { goodsId: '14', number: 900 },
        ],
      },
      BUYER_AUTH,
    );
    expect(body).toEqual({
      data: {
        importPurchaseList: {
          message: '已加入购物车1种商品，1种未能加入',
          added: [{ goodsId: '12', name: '感冒灵颗粒', number: 3 }],
          refused: [{ goodsId: '14', name: '阿莫西林胶囊', number: 900, reason: '库存不足，最多可购买40件' }],
          cart: { id: '7', count: 1 },
        },
      },
    });
    const [seen] = upstream.calls('POST', '/api/cart/import');
    expect(seen?.form).toEqual({
      params: [
        { goods_id: '12', number: '3' },
        { goods_id: '14', number: '900' },
      ],
    });
  });

  it('IMPORT-06: a quantity below 1 refuses the whole confirmation before any upstream call', async () => {
    const { body } = await gw.gql(
      'mutation { importPurchaseList(lines: [{ goodsId: "12", number: 2 }, { goodsId: "13", number: 0 }]) { message } }',
      {},
      BUYER_AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '数量必须是大于0的整数',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(upstream.calls('POST', '/api/cart/import')).toHaveLength(0);
  });
});
