import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import type { LuckyDrawMapper } from './mappers';
import { buyer, consolationPrize, drawActivity, drawPrize, drawRecord, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

/** drawPrize() as the schema answers it. */
const PRIZE_11 = {
  id: '11',
  name: '满300减30优惠券',
  remarks: '中奖后自动放入我的优惠券',
  image: 'https://img.example.com/prize-11.svg',
  isWin: true,
  soldOut: false,
};

/** The running draw 3: GET /api/draw/simple names it with the buyer's state, GET /api/draw/3/activity details it. */
function serveRunningDraw(overrides: Partial<LuckyDrawMapper> = {}): void {
  const activity = drawActivity(overrides);
  upstream.ok('GET', '/api/draw/simple', { id: activity.id, name: activity.name, is_join: activity.is_join });
  upstream.ok('GET', '/api/draw/3/activity', activity);
}

function refuse(res: ServerResponse, status: number, code: number, message: string) {
  send(res, status, { code, message, data: null });
}

const DRAW_FIELDS = `id name rules startsAt endsAt status joined
  prizes { id name remarks image isWin soldOut }
  myResult { id drawId drawName drawnAt prize { id name isWin } }`;
const CURRENT = `{ currentLuckyDraw { ${DRAW_FIELDS} } }`;
const BY_ID = `query ($id: ID!) { luckyDraw(id: $id) { ${DRAW_FIELDS} } }`;
const DRAW = `mutation ($id: ID!) { drawLuckyDraw(id: $id) {
  id drawId drawName drawnAt prize { id name remarks image isWin soldOut }
} }`;

describe('the lucky draw running now (home pop-up)', () => {
  it('is null for a visitor, without asking the upstream', async () => {
    const { body } = await gw.gql(CURRENT);
    expect(body).toEqual({ data: { currentLuckyDraw: null } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('is null, not an error, for a session the upstream no longer knows', async () => {
    upstream.on('GET', '/api/draw/simple', (_seen, res) => refuse(res, 401, 10001, '请先登录'));
    const { body } = await gw.gql(CURRENT, {}, BUYER_AUTH);
    expect(body).toEqual({ data: { currentLuckyDraw: null } });
    expect(upstream.calls('GET', '/api/draw/3/activity')).toHaveLength(0);
  });

  it('is null when no draw runs, without reading any draw', async () => {
    upstream.ok('GET', '/api/draw/simple', null);
    const { body } = await gw.gql(CURRENT, {}, BUYER_AUTH);
    expect(body).toEqual({ data: { currentLuckyDraw: null } });
    expect(upstream.seen.map((seen) => seen.path)).toEqual(['/api/draw/simple']);
  });

  it('answers the running draw with the buyer’s state, rules and prizes in order, the consolation entry last', async () => {
    serveRunningDraw({
      prizes: [
        drawPrize(),
        drawPrize({ id: 12, name: '满800减100优惠券', remarks: '', image: null, sold_out: 1 }),
        consolationPrize(),
      ],
    });
    const { body } = await gw.gql(CURRENT, {}, BUYER_AUTH);
    expect(body).toEqual({
      data: {
        currentLuckyDraw: {
          id: '3',
          name: '双十二采购抽奖',
          rules: '活动期间每位会员可抽奖一次，优惠券奖品即时到账。',
          startsAt: '2026-12-01T00:00:00.000Z',
          endsAt: '2026-12-31T15:59:59.000Z',
          status: 'RUNNING',
          joined: false,
          prizes: [
            PRIZE_11,
            { id: '12', name: '满800减100优惠券', remarks: null, image: null, isWin: true, soldOut: true },
            { id: '19', name: '谢谢参与', remarks: null, image: null, isWin: false, soldOut: false },
          ],
          myResult: null,
        },
      },
    });
    // The buyer's state comes with the session: both calls carry it.
    expect(upstream.calls('GET', '/api/draw/simple')[0]?.authorization).toBe(BUYER_AUTH.authorization);
    expect(upstream.calls('GET', '/api/draw/3/activity')[0]?.authorization).toBe(BUYER_AUTH.authorization);
  });

  it('answers the buyer’s result once drawn', async () => {
    serveRunningDraw({
      is_join: 1,
      my_record: drawRecord({ prize: consolationPrize(), created_at: '2026-12-12 10:30:00' }),
    });
    const { body } = await gw.gql(
      '{ currentLuckyDraw { joined myResult { id drawId drawName drawnAt prize { id name isWin } } } }',
      {},
      BUYER_AUTH,
    );
    expect(body).toEqual({
      data: {
        currentLuckyDraw: {
          joined: true,
          myResult: {
            id: '301',
            drawId: '3',
            drawName: '双十二采购抽奖',
            // A time without a zone is China time.
            drawnAt: '2026-12-12T02:30:00.000Z',
            prize: { id: '19', name: '谢谢参与', isWin: false },
          },
        },
      },
    });
  });

  it('reads each resource once when an operation asks for the current draw and the same draw by id', async () => {
    serveRunningDraw();
    upstream.ok('GET', '/api/draw/4/activity', drawActivity({ id: 4, name: '元旦抽奖', status: 0 }));
    const { body } = await gw.gql(
      `{ currentLuckyDraw { id joined }
         a: luckyDraw(id: "3") { id name }
         b: luckyDraw(id: " 3 ") { id status }
         c: luckyDraw(id: "4") { id status } }`,
      {},
      BUYER_AUTH,
    );
    expect(body).toEqual({
      data: {
        currentLuckyDraw: { id: '3', joined: false },
        a: { id: '3', name: '双十二采购抽奖' },
        b: { id: '3', status: 'RUNNING' },
        c: { id: '4', status: 'UPCOMING' },
      },
    });
    expect(upstream.calls('GET', '/api/draw/simple')).toHaveLength(1);
    expect(upstream.calls('GET', '/api/draw/3/activity')).toHaveLength(1);
    expect(upstream.calls('GET', '/api/draw/4/activity')).toHaveLength(1);
    // Recent wins were not asked for, so not read.
    expect(upstream.seen).toHaveLength(3);
  });
});

describe('a lucky draw by id', () => {
  it('answers a visitor with joined and myResult null', async () => {
    upstream.ok('GET', '/api/draw/3/activity', drawActivity({ is_join: null, my_record: null, status: 2 }));
    const { body } = await gw.gql(BY_ID, { id: '3' });
    expect(body.errors).toBeUndefined();
    expect(body.data?.luckyDraw).toMatchObject({ id: '3', status: 'ENDED', joined: null, myResult: null });
    expect(upstream.calls('GET', '/api/draw/3/activity')[0]?.authorization).toBeUndefined();
  });

  it('is null when the upstream does not know the draw', async () => {
    upstream.on('GET', '/api/draw/9/activity', (_seen, res) => refuse(res, 404, 40400, '抽奖活动不存在'));
    const { body } = await gw.gql(BY_ID, { id: '9' });
    expect(body).toEqual({ data: { luckyDraw: null } });
  });

  it.each(['../../user/base', '0', '-3', '3.5', ''])(
    'is null for the id %j, without asking the upstream',
    async (id) => {
      const { body } = await gw.gql(BY_ID, { id });
      expect(body).toEqual({ data: { luckyDraw: null } });
      expect(upstream.seen).toHaveLength(0);
    },
  );

  it('reads the recent wins only when asked, once per draw, with winners’ names masked', async () => {
    upstream.ok('GET', '/api/draw/3/activity', drawActivity());
    upstream.ok('GET', '/api/draw/new_record', [
      { username: 'de**', prize_name: '满300减30优惠券', created_at: '2026-12-12T03:00:00.000Z' },
      // A deployment that forgets to mask must not put a buyer's name on the home page.
      { username: '仁心大药房采购', prize_name: '满800减100优惠券', created_at: '2026-12-12 10:30:00' },
    ]);
    const { body } = await gw.gql(
      `{ luckyDraw(id: "3") { a: recentWins { maskedName prizeName drawnAt } b: recentWins { maskedName } } }`,
    );
    expect(body).toEqual({
      data: {
        luckyDraw: {
          a: [
            { maskedName: 'de**', prizeName: '满300减30优惠券', drawnAt: '2026-12-12T03:00:00.000Z' },
            { maskedName: '仁心**', prizeName: '满800减100优惠券', drawnAt: '2026-12-12T02:30:00.000Z' },
          ],
          b: [{ maskedName: 'de**' }, { maskedName: '仁心**' }],
        },
      },
    });
    const calls = upstream.calls('GET', '/api/draw/new_record');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ id: '3' });
  });

  it('fails as UPSTREAM_UNAVAILABLE when the answer is not the contract’s shape', async () => {
    upstream.ok(
      'GET',
      '/api/draw/3/activity',
      drawActivity({ prizes: [{ id: 11, name: '满300减30优惠券' }] as never }),
    );
    const { body } = await gw.gql(BY_ID, { id: '3' });
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(body.data).toEqual({ luckyDraw: null });
  });

  it('refuses a draw answered with a status outside the description', async () => {
    upstream.ok('GET', '/api/draw/3/activity', { ...drawActivity(), status: 7 });
    const { body } = await gw.gql('{ luckyDraw(id: "3") { status } }');
    expect(body.errors?.[0]).toMatchObject({
      path: ['luckyDraw'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });
});

describe('the buyer’s draws (我的抽奖)', () => {
  const RECORDS = `query ($page: Int, $pageSize: Int) { me { drawRecords(page: $page, pageSize: $pageSize) {
    total page pageSize items { id drawId drawName drawnAt prize { id name isWin } }
  } } }`;

  it('lists a page of draws, newest first as the upstream orders them', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    upstream.ok(
      'GET',
      '/api/draw/record',
      page([drawRecord({ id: 305, draw_id: 4, draw_name: '元旦抽奖', prize: consolationPrize() }), drawRecord()], {
        current_page: 2,
        per_page: 2,
        total: 5,
        last_page: 3,
      }),
    );
    const { body } = await gw.gql(RECORDS, { page: 2, pageSize: 2 }, BUYER_AUTH);
    expect(body).toEqual({
      data: {
        me: {
          drawRecords: {
            total: 5,
            page: 2,
            pageSize: 2,
            items: [
              {
                id: '305',
                drawId: '4',
                drawName: '元旦抽奖',
                drawnAt: '2026-12-12T02:30:00.000Z',
                prize: { id: '19', name: '谢谢参与', isWin: false },
              },
              {
                id: '301',
                drawId: '3',
                drawName: '双十二采购抽奖',
                drawnAt: '2026-12-12T02:30:00.000Z',
                prize: { id: '11', name: '满300减30优惠券', isWin: true },
              },
            ],
          },
        },
      },
    });
    const calls = upstream.calls('GET', '/api/draw/record');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ page: '2', page_size: '2' });
    expect(calls[0]?.authorization).toBe(BUYER_AUTH.authorization);
  });

  it('asks for the first page of 10 by default', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    upstream.ok('GET', '/api/draw/record', page([], { per_page: 10 }));
    const { body } = await gw.gql(RECORDS, {}, BUYER_AUTH);
    expect(body.data).toEqual({ me: { drawRecords: { total: 0, page: 1, pageSize: 10, items: [] } } });
    expect(upstream.query('GET', '/api/draw/record')).toEqual({ page: '1', page_size: '10' });
  });

  it.each([
    [{ pageSize: 51 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ page: 0 }, 'page'],
  ])('refuses %j before asking for the draws', async (variables, field) => {
    upstream.ok('GET', '/api/user/base', buyer());
    const { body } = await gw.gql(RECORDS, variables, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { [field]: [expect.any(String)] },
    });
    expect(upstream.calls('GET', '/api/draw/record')).toHaveLength(0);
  });
});

describe('drawing', () => {
  it('answers the record the upstream made, with the prize', async () => {
    upstream.ok('GET', '/api/draw', drawRecord(), '抽奖成功');
    const { body } = await gw.gql(DRAW, { id: '3' }, BUYER_AUTH);
    expect(body).toEqual({
      data: {
        drawLuckyDraw: {
          id: '301',
          drawId: '3',
          drawName: '双十二采购抽奖',
          drawnAt: '2026-12-12T02:30:00.000Z',
          prize: PRIZE_11,
        },
      },
    });
    const calls = upstream.calls('GET', '/api/draw');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ id: '3' });
    expect(calls[0]?.authorization).toBe(BUYER_AUTH.authorization);
  });

  it('asks the upstream every time: a draw is never answered from a memo', async () => {
    upstream.ok('GET', '/api/draw', drawRecord());
    const { body } = await gw.gql(
      'mutation { a: drawLuckyDraw(id: "3") { id } b: drawLuckyDraw(id: "3") { id } }',
      {},
      BUYER_AUTH,
    );
    expect(body).toEqual({ data: { a: { id: '301' }, b: { id: '301' } } });
    expect(upstream.calls('GET', '/api/draw')).toHaveLength(2);
  });

  it('retries once when the connection breaks before an answer, which the one-record-per-buyer rule makes safe', async () => {
    let attempts = 0;
    upstream.on('GET', '/api/draw', (_seen, res, req) => {
      attempts += 1;
      if (attempts === 1) req.socket.destroy();
      else send(res, 200, { code: 10000, message: '', data: drawRecord() });
    });
    const { body } = await gw.gql(DRAW, { id: '3' }, BUYER_AUTH);
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ drawLuckyDraw: { id: '301' } });
    expect(upstream.calls('GET', '/api/draw')).toHaveLength(2);
  });

  it.each([
    [400, 40021, '抽奖活动未开始'],
    [400, 40022, '抽奖活动已结束'],
    [404, 40400, '抽奖活动不存在'],
  ])('turns the upstream’s %i %i into a BUSINESS_ERROR the buyer reads', async (status, code, message) => {
    upstream.on('GET', '/api/draw', (_seen, res) => refuse(res, status, code, message));
    const { body } = await gw.gql(DRAW, { id: '3' }, BUYER_AUTH);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BUSINESS_ERROR', upstreamCode: code } });
  });

  it('is UNAUTHENTICATED for a session the upstream refuses', async () => {
    upstream.on('GET', '/api/draw', (_seen, res) => refuse(res, 401, 10001, '请先登录'));
    const { body } = await gw.gql(DRAW, { id: '3' }, BUYER_AUTH);
    expect(body.errors?.[0]).toMatchObject({
      message: '请先登录',
      extensions: { code: 'UNAUTHENTICATED', redirect: '/login' },
    });
  });

  it('is UNAUTHENTICATED for a visitor, without asking the upstream', async () => {
    const { body } = await gw.gql(DRAW, { id: '3' });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', redirect: '/login' });
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses an id that is not a draw number without asking the upstream', async () => {
    const { body } = await gw.gql(DRAW, { id: '3&id=4' }, BUYER_AUTH);
    expect(body.errors?.[0]).toMatchObject({ message: '抽奖活动不存在', extensions: { code: 'BAD_USER_INPUT' } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('fails as UPSTREAM_UNAVAILABLE when the record is not the contract’s shape', async () => {
    upstream.ok('GET', '/api/draw', { id: 301, name: '满300减30优惠券', remarks: null });
    const { body } = await gw.gql(DRAW, { id: '3' }, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
