import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7, message_count: 2 }) });
const AUTH = BUYER_AUTH;

const message = (id: number, kind: string, read: boolean) => ({
  id,
  kind,
  title: `消息${id}`,
  body: '正文',
  link: id === 1 ? null : '/order',
  is_read: read ? 1 : 0,
  read_at: read ? '2026-11-20T02:00:00.000Z' : null,
  created_at: '2026-11-19T02:00:00.000Z',
});
const UNREAD = { total: 2, system: 1, order: 1, promotion: 0 };

describe('messages (MSG-02..MSG-04)', () => {
  it('reads a page of one kind, passing the kind and the paging on', async () => {
    upstream.ok('GET', '/api/user/message', {
      ...page([message(2, 'order', false), message(1, 'system', true)], {
        current_page: 2,
        per_page: 5,
        total: 7,
        last_page: 2,
      }),
      unread: UNREAD,
    });
    const { body } = await gw.gql(
      `{ me { messageCount messages(kind: ORDER, page: 2, pageSize: 5) {
          total page pageSize unread { total order } items { id kind title link read readAt createdAt } } } }`,
      undefined,
      AUTH,
    );
    expect(body.data).toEqual({
      me: {
        messageCount: 2,
        messages: {
          total: 7,
          page: 2,
          pageSize: 5,
          unread: { total: 2, order: 1 },
          items: [
            {
              id: '2',
              kind: 'ORDER',
              title: '消息2',
              link: '/order',
              read: false,
              readAt: null,
              createdAt: '2026-11-19T02:00:00.000Z',
            },
            {
              id: '1',
              kind: 'SYSTEM',
              title: '消息1',
              link: null,
              read: true,
              readAt: '2026-11-20T02:00:00.000Z',
              createdAt: '2026-11-19T02:00:00.000Z',
            },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/user/message')).toEqual({ page: '2', page_size: '5', kind: 'order' });
  });

  it('refuses a page size out of range before asking the upstream', async () => {
    const { body } = await gw.gql('{ me { messages(pageSize: 500) { total } } }', undefined, AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/user/message')).toHaveLength(0);
  });

  it('marks one read and answers the viewer with the new unread count', async () => {
    upstream.on('POST', '/api/user/message/5/read', (_s, res) => {
      upstream.ok('GET', '/api/user/base', buyer({ id: 7, message_count: 1 }));
      send(res, 200, { code: 10000, message: '已读', data: { unread: { ...UNREAD, total: 1, order: 0 } } });
    });
    const { body } = await gw.gql(
      'mutation { markMessageRead(id: "5") { marked unread { total order } viewer { id messageCount } } }',
      undefined,
      AUTH,
    );
    expect(body.data).toEqual({
      markMessageRead: { marked: 1, unread: { total: 1, order: 0 }, viewer: { id: '7', messageCount: 1 } },
    });
  });

  it('passes another buyer’s message refusal on as the upstream’s 404', async () => {
    upstream.fail('POST', '/api/user/message/99/read', 404, { code: 404, message: '消息不存在' });
    const { body } = await gw.gql('mutation { markMessageRead(id: "99") { marked } }', undefined, AUTH);
    expect(body.errors?.[0]).toMatchObject({
      message: '消息不存在',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 404 },
    });
  });

  it('marks all of one kind read', async () => {
    upstream.ok('POST', '/api/user/message/read_all', {
      marked: 3,
      unread: { total: 0, system: 0, order: 0, promotion: 0 },
    });
    const { body } = await gw.gql(
      'mutation { markAllMessagesRead(kind: PROMOTION) { marked unread { total } } }',
      undefined,
      AUTH,
    );
    expect(body.data).toEqual({ markAllMessagesRead: { marked: 3, unread: { total: 0 } } });
    expect(upstream.form('POST', '/api/user/message/read_all')).toEqual({ kind: 'promotion' });
  });
});
