import { describe, expect, it } from 'vitest';
import { send, sendRefusal } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';
import type { QualificationMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream();

function doc(over: Partial<QualificationMapper> = {}): QualificationMapper {
  return {
    id: 11,
    kind: 'gsp',
    name: 'GSP证书',
    number: 'JS-GSP-1',
    valid_from: '2021-01-01',
    valid_to: '2026-11-13',
    days_left: -12,
    status: 'expired',
    required: 1,
    file_id: 40,
    review: null,
    ...over,
  };
}

const ALERT = {
  level: 'expired' as const,
  blocking: 1 as const,
  message: '您的GSP证书已过期，请更新资质后再下单',
  documents: [{ id: 11, name: 'GSP证书', status: 'expired' as const, valid_to: '2026-11-13', days_left: -12 }],
};

/** A GraphQL multipart request (graphql-multipart-request-spec) as apollo-upload-client sends it. */
async function uploadRequest(bytes: string, name: string, headers: Record<string, string>) {
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      query: 'mutation($file: File!) { uploadFile(file: $file, purpose: QUALIFICATION) { id name mime size url } }',
      variables: { file: null },
    }),
  );
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', new Blob([bytes], { type: 'application/pdf' }), name);
  // A copy: Yoga's fetch writes the multipart type into the headers object it is given.
  const response = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    body,
    headers: { ...headers },
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: unknown[] } };
}

describe('qualification documents', () => {
  it('answers the documents with their states, a waiting scan as UNDER_REVIEW, files by the gateway’s address', async () => {
    upstream.ok('GET', '/api/user/base', buyer({ zizhi_alert: ALERT }));
    upstream.ok('GET', '/api/user/zizhi', [
      doc(),
      doc({
        id: 12,
        kind: 'purchase_authorisation',
        name: '采购委托书',
        status: 'expiring',
        days_left: 18,
        file_id: null,
        review: { id: 3, status: 'pending', remark: '', file_id: 41, created_at: '2026-11-20T02:00:00.000Z' },
      }),
    ]);
    const { body } = await gw.gql(
      `{ me { qualifications { id kind name validity state required fileUrl daysLeft review { status fileUrl submittedAt } }
          qualificationAlert { level blocksOrdering message documents { id name } } } }`,
      {},
      BUYER_AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      me: {
        qualifications: [
          {
            id: '11',
            kind: 'GSP_CERTIFICATE',
            name: 'GSP证书',
            validity: 'EXPIRED',
            state: 'EXPIRED',
            required: true,
            fileUrl: '/files/40',
            daysLeft: -12,
            review: null,
          },
          {
            id: '12',
            kind: 'PURCHASE_AUTHORISATION',
            name: '采购委托书',
            validity: 'EXPIRING',
            state: 'UNDER_REVIEW',
            required: true,
            fileUrl: null,
            daysLeft: 18,
            review: { status: 'PENDING', fileUrl: '/files/41', submittedAt: '2026-11-20T02:00:00.000Z' },
          },
        ],
        qualificationAlert: {
          level: 'EXPIRED',
          blocksOrdering: true,
          message: '您的GSP证书已过期，请更新资质后再下单',
          documents: [{ id: '11', name: 'GSP证书' }],
        },
      },
    });
    expect(upstream.calls('GET', '/api/user/zizhi')).toHaveLength(1);
  });

  it('reads the alert from the base answer alone, and null when every document is valid', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    const { body } = await gw.gql('{ me { qualificationAlert { message } } }', {}, BUYER_AUTH);
    expect(body.data).toEqual({ me: { qualificationAlert: null } });
    expect(upstream.calls('GET', '/api/user/zizhi')).toHaveLength(0);
  });

  it('sends a new scan and answers the document under review; a refused scan names fileId', async () => {
    upstream.ok(
      'POST',
      '/api/user/zizhi/11',
      doc({ review: { id: 4, status: 'pending', remark: '', file_id: 42, created_at: '2026-11-25T02:00:00.000Z' } }),
    );
    const { body } = await gw.gql(
      'mutation { submitQualificationScan(id: "11", fileId: "42") { id state } }',
      {},
      BUYER_AUTH,
    );
    expect(body.data).toEqual({ submitQualificationScan: { id: '11', state: 'UNDER_REVIEW' } });
    expect(upstream.form('POST', '/api/user/zizhi/11')).toEqual({ file_id: '42' });

    upstream.refuse('POST', '/api/user/zizhi/12', { file_id: ['请先上传证件扫描件'] });
    const refused = await gw.gql('mutation { submitQualificationScan(id: "12", fileId: "1") { id } }', {}, BUYER_AUTH);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: '请先上传证件扫描件',
      extensions: { code: 'BAD_USER_INPUT', fields: { fileId: ['请先上传证件扫描件'] } },
    });
  });
});

describe('basic info', () => {
  it('saves the contact and answers the buyer read afresh', async () => {
    upstream.ok('POST', '/api/user/updateUserInfo', { name: '王五', phone: '020-12345678' });
    upstream.ok('GET', '/api/user/base', buyer({ name: '王五', phone: '020-12345678' }));
    const { body } = await gw.gql(
      'mutation($i: UserInfoInput!) { updateUserInfo(input: $i) { user { name phone } } }',
      { i: { name: ' 王五 ', phone: '020-12345678 ' } },
      BUYER_AUTH,
    );
    expect(body.data).toEqual({ updateUserInfo: { user: { name: '王五', phone: '020-12345678' } } });
    expect(upstream.form('POST', '/api/user/updateUserInfo')).toEqual({ name: '王五', phone: '020-12345678' });
  });

  it('passes a phone refusal as BAD_USER_INPUT on phone', async () => {
    upstream.refuse('POST', '/api/user/updateUserInfo', { phone: ['请输入正确的手机号码或固定电话'] });
    const { body } = await gw.gql(
      'mutation { updateUserInfo(input: { name: "王五", phone: "123" }) { user { id } } }',
      {},
      BUYER_AUTH,
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { phone: expect.any(Array) },
    });
  });

  it('changes the password, naming a wrong old password by the input’s field', async () => {
    upstream.on('POST', '/api/user/resetPassword', (seen, res) =>
      seen.form.old_password === 'demo1234'
        ? send(res, 200, { code: 10000, message: '密码修改成功', data: { ended_sessions: 2 } })
        : sendRefusal(res, { old_password: ['原密码不正确'] }),
    );
    const change = (oldPassword: string) =>
      gw.gql(
        'mutation($i: ChangePasswordInput!) { changePassword(input: $i) { endedSessions } }',
        { i: { oldPassword, password: 'abc12345', passwordConfirmation: 'abc12345' } },
        BUYER_AUTH,
      );
    expect((await change('demo1234')).body.data).toEqual({ changePassword: { endedSessions: 2 } });
    expect(upstream.form('POST', '/api/user/resetPassword')).toEqual({
      old_password: 'demo1234',
      password: 'abc12345',
      password_confirmation: 'abc12345',
    });
    expect((await change('wrong')).body.errors?.[0]).toMatchObject({
      message: '原密码不正确',
      extensions: { code: 'BAD_USER_INPUT', fields: { oldPassword: ['原密码不正确'] } },
    });
  });

  it('answers the business scope by name', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    upstream.ok('GET', '/api/user/jyfw', [
      { id: 1, name: '化学药制剂', scope_class: 'CHEMICAL' },
      { id: 2, name: '中成药', scope_class: 'PATENT' },
    ]);
    const { body } = await gw.gql('{ me { businessScope } }', {}, BUYER_AUTH);
    expect(body.data).toEqual({ me: { businessScope: ['化学药制剂', '中成药'] } });
  });
});

describe('uploads', () => {
  const UPLOADED = {
    id: 42,
    purpose: 'qualification',
    name: 'gsp.pdf',
    mime: 'application/pdf',
    size: 12,
    url: '/api/user/file/42',
    created_at: '2026-11-25T02:00:00.000Z',
  };

  it('forwards a multipart upload to the upstream as multipart with the purpose and the buyer’s token', async () => {
    upstream.ok('POST', '/api/user/upload', UPLOADED, '上传成功');
    const res = await uploadRequest('%PDF-1.4 x', 'gsp.pdf', { 'apollo-require-preflight': 'true', ...BUYER_AUTH });
    expect(res.body).toEqual({
      data: { uploadFile: { id: '42', name: 'gsp.pdf', mime: 'application/pdf', size: 12, url: '/files/42' } },
    });
    const [seen] = upstream.calls('POST', '/api/user/upload');
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.authorization).toBe('Bearer buyer-token');
    expect(seen?.rawBody).toContain('name="purpose"\r\n\r\nqualification');
    expect(seen?.rawBody).toContain('filename="gsp.pdf"');
    expect(seen?.rawBody).toContain('%PDF-1.4 x');
  });

  it('refuses a multipart request without the CSRF header, before any upstream call', async () => {
    const res = await uploadRequest('%PDF-1.4 x', 'gsp.pdf', BUYER_AUTH);
    expect(res.status).toBe(403);
    expect(upstream.calls('POST', '/api/user/upload')).toHaveLength(0);
  });

  it('passes the upstream’s size refusal as PAYLOAD_TOO_LARGE with the limit, still naming file (ERR-20)', async () => {
    upstream.fail('POST', '/api/user/upload', 413, {
      code: 422,
      message: '文件不能超过5MB',
      data: { file: ['文件不能超过5MB'], limit_bytes: 5 * 1024 * 1024 },
    });
    const res = await uploadRequest('x', 'big.pdf', { 'apollo-require-preflight': 'true', ...BUYER_AUTH });
    expect(res.body.errors?.[0]).toMatchObject({
      message: '文件不能超过5MB',
      extensions: { code: 'PAYLOAD_TOO_LARGE', limitBytes: 5 * 1024 * 1024, fields: { file: ['文件不能超过5MB'] } },
    });
  });

  it('relays /files/{id} to the owner with nosniff and the upstream’s disposition; others get 404', async () => {
    upstream.on('GET', '/api/user/file/42', (seen, res) => {
      if (seen.cookie !== 'token=mine') {
        send(res, 404, { code: 404, message: '文件不存在', data: null });
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'inline; filename="gsp.pdf"; filename*=UTF-8\'\'gsp.pdf',
      });
      res.end('%PDF-1.4 x');
    });
    const base = await gw.listen();
    const mine = await fetch(`${base}/files/42`, { headers: { cookie: 'token=mine' } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toMatch(/^inline; filename="gsp.pdf"/);
    expect(mine.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await mine.text()).toBe('%PDF-1.4 x');
    const theirs = await fetch(`${base}/files/42`, { headers: { cookie: 'token=theirs' } });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe('文件不存在');
    // Only record ids are relayed; anything else is the web's (its 404 page), never an upstream path.
    await fetch(`${base}/files/..%2Fapi%2Fuser%2Fbase`);
    await fetch(`${base}/files/abc`);
    expect(upstream.seen.map((seen) => seen.path)).toEqual(['/api/user/file/42', '/api/user/file/42']);
  });
});
