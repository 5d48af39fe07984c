import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAPPING_GOODS_TEXT } from '../src/areas/purchase-list/routes';
import type { MatchAnswer } from '../src/areas/purchase-list/service';
import { judge, purchaseListFixtures, type Fixture } from './fixtures/purchase-lists/fixtures';
import { login, postMultipart, testApp, type Answer } from './testkit';

let app: FastifyInstance;
let demo: string;
let fixtures: Fixture[];

beforeAll(async () => {
  ({ app } = await testApp());
  demo = await login(app);
  fixtures = await purchaseListFixtures();
});

/** The list as the gateway sends it: a file as an upload, typed lines as the `text` field, a mapping beside them. */
async function match(fixture: Fixture, columns: Record<string, string> = {}): Promise<Answer<MatchAnswer>> {
  const fields = Object.fromEntries(Object.entries(columns).map(([key, value]) => [`columns[${key}]`, value]));
  const res = fixture.file.endsWith('.txt')
    ? await postMultipart(app, '/api/cart/match', demo, {
        ...fields,
        text: Buffer.from(fixture.bytes).toString('utf8'),
      })
    : await postMultipart(app, '/api/cart/match', demo, fields, { name: fixture.file, bytes: fixture.bytes });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const fixtureNamed = (file: string) => {
  const fixture = fixtures.find((f) => f.file === file);
  if (fixture === undefined) throw new Error(`no fixture ${file}`);
  return fixture;
};

describe('purchase lists as buyers keep them (IMPORT-16..IMPORT-22)', () => {
  it('IMPORT-22: every row of every fixture comes to its quantity or error, and ≥95% rank the right goods first', async () => {
    let goodsRows = 0;
    let firstRight = 0;
    const missed: string[] = [];
    for (const fixture of fixtures) {
      const res = await match(fixture);
      expect(res.status, fixture.file).toBe(200);
      const judged = judge(fixture, res.body.data);
      expect(judged.wrongRows, fixture.file).toEqual([]);
      if (!fixture.realistic) continue;
      goodsRows += judged.goodsRows;
      firstRight += judged.firstRight;
      missed.push(...judged.missed);
    }
    expect(goodsRows).toBeGreaterThan(100);
    expect(firstRight / goodsRows, missed.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('IMPORT-20: 阿莫西林胶囊 by 石药欧意 ranks 石药集团欧意药业有限公司’s goods first and alone', async () => {
    const answer = (await match(fixtureNamed('手工采购计划.xlsx'))).body.data;
    expect(answer.rows[0]).toMatchObject({ name: '阿莫西林胶囊', maker: '石药欧意', status: 'exact', number: 10 });
    expect(answer.rows[0]?.candidates.map((c) => c.sccj)).toEqual(['石药集团欧意药业有限公司']);
    // 石药 alone, with the dose written in mg: the one of 石药's three 布洛芬缓释胶囊 that is 0.3g*24粒.
    expect(answer.rows[2]?.candidates[0]).toMatchObject({ id: 175, ypgg: '0.3g*24粒' });
  });

  it('IMPORT-16, IMPORT-17: title rows above the header are left out and the answer says how each column was read', async () => {
    const answer = (await match(fixtureNamed('haidian-plan.csv'))).body.data;
    expect(answer.header_line).toBe(5);
    expect(answer.columns.map((c) => [c.title, c.field])).toEqual([
      ['序号', null],
      ['商品编码', null],
      ['通用名', 'name'],
      ['规格', 'spec'],
      ['产地/厂家', 'maker'],
      ['单位', 'unit'],
      ['订货量', 'number'],
      ['参考价', 'price'],
      ['批准文号', 'pzwh'],
    ]);
    const gbk = (await match(fixtureNamed('yingke-order.gbk.csv'))).body.data;
    expect(gbk.columns.map((c) => c.field)).toEqual(['name', 'spec', 'maker', 'unit', 'number', 'price', null]);
  });

  it('IMPORT-17: the buyer’s mapping decides the columns; a mapping without the goods’ column is refused', async () => {
    const fixture = fixtureNamed('yingke-order.gbk.csv');
    // The buyer says the quantity is the 金额 column (15.00 a box): every row's quantity is read from there, and the
    // maker is not read at all.
    const remapped = (await match(fixture, { name: '0', spec: '1', number: '6', maker: '' })).body.data;
    expect(remapped.columns.map((c) => c.field)).toEqual(['name', 'spec', null, null, null, null, 'number']);
    expect(remapped.rows.every((row) => row.maker === '')).toBe(true);
    expect(remapped.rows.map((row) => row.number)).toEqual(fixture.rows.map((row) => (row.number ?? 0) * 15));
    const refused = await match(fixture, { spec: '1', number: '4' });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({ columns: [MAPPING_GOODS_TEXT] });
    const twice = await match(fixture, { name: '0', number: '0' });
    expect(twice.status).toBe(422);
  });

  it('IMPORT-19: typed lines keep their quantities; a quantity that cannot be read is that row’s error', async () => {
    const answer = (await match(fixtureNamed('wechat-lines.txt'))).body.data;
    expect(answer.columns).toEqual([]);
    expect(answer.rows[1]).toMatchObject({ name: '布洛芬缓释胶囊', spec: '0.4g*10粒', maker: '鲁抗医药', number: 20 });
    const boundary = '----typed';
    const text = '板蓝根颗粒 10盒\n阿莫西林胶囊 0.25g*24粒 x20\n布洛芬缓释胶囊 石药 6\n维C银翘片 十盒\n感冒灵颗粒';
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart/match',
      headers: { authorization: `Bearer ${demo}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    });
    const rows = (res.json() as { data: MatchAnswer }).data.rows;
    expect(rows.map((r) => [r.name, r.spec, r.maker, r.number, r.error])).toEqual([
      ['板蓝根颗粒', '', '', 10, null],
      ['阿莫西林胶囊', '0.25g*24粒', '', 20, null],
      ['布洛芬缓释胶囊', '', '石药', 6, null],
      ['维C银翘片', '', '', null, '数量必须是大于0的整数'],
      ['感冒灵颗粒', '', '', 1, null],
    ]);
    // 石药's 布洛芬缓释胶囊 first, whichever of its three sizes.
    expect(rows[2]?.candidates.slice(0, 3).map((c) => c.sccj)).toEqual(Array(3).fill('石药集团欧意药业有限公司'));
  });
});
