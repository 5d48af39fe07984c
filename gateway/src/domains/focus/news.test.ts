import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

describe('news posts', () => {
  it('maps /api/focus/postList, dates as ISO instants', async () => {
    upstream.ok(
      'GET',
      '/api/focus/postList',
      page(
        [
          {
            id: 7,
            type: 2,
            title: '关于春节期间物流配送安排的通知',
            summary: '请提前备货。',
            published_at: '2026-11-21T12:00:00.000Z',
          },
          // A time without a zone is China time, as everywhere in the REST API.
          { id: 6, type: 1, title: '领券中心上线', summary: '', published_at: '2026-11-18 09:30:00' },
        ],
        { current_page: 2, per_page: 2, total: 7 },
      ),
    );
    const { body } = await gw.gql(
      '{ newsPosts(page: 2, pageSize: 2) { total page pageSize items { id kind title summary publishedAt } } }',
    );
    expect(body).toEqual({
      data: {
        newsPosts: {
          total: 7,
          page: 2,
          pageSize: 2,
          items: [
            {
              id: '7',
              kind: 'COMPANY',
              title: '关于春节期间物流配送安排的通知',
              summary: '请提前备货。',
              publishedAt: '2026-11-21T12:00:00.000Z',
            },
            { id: '6', kind: 'INDUSTRY', title: '领券中心上线', summary: '', publishedAt: '2026-11-18T01:30:00.000Z' },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/focus/postList')).toEqual({ page: '2', page_size: '2' });
  });

  it('asks for one kind of post by its type number (INFO-05)', async () => {
    upstream.ok('GET', '/api/focus/postList', page([], { current_page: 1, per_page: 10, total: 0 }));
    const { body } = await gw.gql('{ newsPosts(pageSize: 10, kind: COMPANY) { total items { id } } }');
    expect(body).toEqual({ data: { newsPosts: { total: 0, items: [] } } });
    expect(upstream.query('GET', '/api/focus/postList')).toEqual({ page: '1', page_size: '10', type: '2' });
  });

  it('refuses page 0 before asking the upstream', async () => {
    const { body } = await gw.gql('{ newsPosts(page: 0) { total } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });
});
