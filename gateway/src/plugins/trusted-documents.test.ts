import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { FakeUpstream } from '../testkit/fake-upstream';
import { buyer, goods } from '../testkit/fixtures';
import { BUYER_AUTH, testGateway, type TestGateway } from '../testkit/gateway';
import { trustedDocumentsMode } from './trusted-documents';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const GOODS = 'query Goods($id: ID!) { goods(id: $id) { __typename id name } }';
const ME = 'query Me { me { __typename id username } }';
const UPLOAD = 'mutation Upload($file: File!) { uploadFile(file: $file, purpose: QUALIFICATION) { __typename id } }';

let upstream: FakeUpstream;
let dir: string;
let webDist: string;
let mobileDir: string;
const gateways: TestGateway[] = [];

beforeEach(async () => {
  upstream = await FakeUpstream.start();
  upstream.ok('GET', '/api/goods/detail/1', goods());
  dir = mkdtempSync(join(tmpdir(), 'trusted-documents-'));
  webDist = join(dir, 'dist');
  mobileDir = join(dir, 'mobile');
  mkdirSync(webDist);
  mkdirSync(mobileDir);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeManifest(join(webDist, 'persisted-documents.json'), [GOODS, UPLOAD]);
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gw) => gw.close()));
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

function writeManifest(path: string, documents: string[]): void {
  writeFileSync(path, JSON.stringify(Object.fromEntries(documents.map((text) => [sha256(text), text]))));
}

function gateway(overrides: Partial<Config> = {}): TestGateway {
  const gw = testGateway(upstream.url, { WEB_DIST: webDist, ...overrides });
  gateways.push(gw);
  return gw;
}

/** A JSON POST as Apollo's persisted-query link sends it: the hash, and the text only when given. */
async function send(gw: TestGateway, body: { hash?: string; query?: string; variables?: Record<string, unknown> }) {
  const response = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...BUYER_AUTH },
    body: JSON.stringify({
      ...(body.query === undefined ? {} : { query: body.query }),
      variables: body.variables ?? {},
      ...(body.hash === undefined ? {} : { extensions: { persistedQuery: { version: 1, sha256Hash: body.hash } } }),
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: unknown;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    },
  };
}

const codeOf = (answer: Awaited<ReturnType<typeof send>>) => answer.body.errors?.[0]?.extensions?.['code'];

describe('trusted documents (SEC-20..SEC-22)', () => {
  it('SEC-20: answers an operation sent as the hash of a document of the web build', async () => {
    const answer = await send(gateway({ TRUSTED_DOCUMENTS: 'only' }), { hash: sha256(GOODS), variables: { id: '1' } });
    expect(answer).toEqual({
      status: 200,
      body: { data: { goods: { __typename: 'Goods', id: '1', name: '感冒灵颗粒' } } },
    });
  });

  it('SEC-20: answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, and Apollo’s retry with the text', async () => {
    const gw = gateway({ TRUSTED_DOCUMENTS: 'allow' });
    const unknown = await send(gw, { hash: sha256(ME) });
    expect(codeOf(unknown)).toBe('PERSISTED_QUERY_NOT_FOUND');
    // Apollo's link recognises the code (or this word in the message) and sends the text with the hash.
    expect(unknown.body.errors?.[0]?.message).toContain('PersistedQueryNotFound');
    expect(unknown.body.data).toBeUndefined();
    upstream.ok('GET', '/api/user/base', buyer());
    const retried = await send(gw, { hash: sha256(ME), query: ME });
    expect(retried.body).toEqual({ data: { me: { __typename: 'User', id: '7', username: 'demo' } } });
    // GraphiQL's way: text alone.
    expect((await send(gw, { query: '{ goods(id: "1") { id } }' })).body).toEqual({ data: { goods: { id: '1' } } });
  });

  it('SEC-21: `only` refuses any text, even with a hash, before anything runs', async () => {
    const gw = gateway({ TRUSTED_DOCUMENTS: 'only' });
    for (const body of [
      { query: GOODS, variables: { id: '1' } },
      { hash: sha256(ME), query: ME },
    ]) {
      const refused = await send(gw, body);
      expect(codeOf(refused)).toBe('PERSISTED_QUERY_ID_REQUIRED');
      expect(refused.body.errors?.[0]?.message).toMatch(/^只接受已登记的查询文档/);
    }
    expect(codeOf(await send(gw, { hash: sha256(ME) }))).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(upstream.seen).toHaveLength(0);
  });

  it('SEC-21: answers a request with neither text nor hash as Yoga does', async () => {
    const answer = await send(gateway(), {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({ message: 'Must provide query string.' });
  });

  it('SEC-21: accepts only trusted documents in production unless configured, anything elsewhere', () => {
    expect(trustedDocumentsMode({ NODE_ENV: 'production', TRUSTED_DOCUMENTS: undefined })).toBe('only');
    expect(trustedDocumentsMode({ NODE_ENV: 'development', TRUSTED_DOCUMENTS: undefined })).toBe('allow');
    expect(trustedDocumentsMode({ NODE_ENV: 'test', TRUSTED_DOCUMENTS: undefined })).toBe('allow');
    expect(trustedDocumentsMode({ NODE_ENV: 'production', TRUSTED_DOCUMENTS: 'allow' })).toBe('allow');
  });

  it('SEC-22: loads every manifest published for a mobile app version', async () => {
    const v1 = 'query AppV1 { goods(id: "1") { id } }';
    const v2 = 'query AppV2($id: ID!) { goods(id: $id) { id name } }';
    writeManifest(join(mobileDir, 'ios-3.1.0.json'), [v1, GOODS]);
    writeManifest(join(mobileDir, 'android-3.2.0.json'), [v2]);
    writeFileSync(join(mobileDir, 'README.txt'), 'not a manifest');
    const gw = gateway({ TRUSTED_DOCUMENTS: 'only', PERSISTED_DOCUMENTS_DIR: mobileDir });
    expect((await send(gw, { hash: sha256(v1) })).body).toEqual({ data: { goods: { id: '1' } } });
    expect((await send(gw, { hash: sha256(v2), variables: { id: '1' } })).body).toEqual({
      data: { goods: { id: '1', name: '感冒灵颗粒' } },
    });
    expect((await send(gw, { hash: sha256(GOODS), variables: { id: '1' } })).body.data).toBeDefined();
  });

  it('SEC-22: refuses to start on a manifest whose key is not its document’s sha256', () => {
    writeFileSync(join(mobileDir, 'tampered.json'), JSON.stringify({ [sha256(ME)]: GOODS }));
    expect(() => gateway({ PERSISTED_DOCUMENTS_DIR: mobileDir })).toThrow(
      /tampered\.json: [0-9a-f]{64} is not the sha256/,
    );
    writeFileSync(join(webDist, 'persisted-documents.json'), JSON.stringify({ [`sha256:${sha256(ME)}`]: ME }));
    expect(() => gateway()).toThrow(/persisted-documents\.json: sha256:[0-9a-f]{64} is not the sha256/);
    writeFileSync(join(webDist, 'persisted-documents.json'), JSON.stringify([ME]));
    expect(() => gateway()).toThrow(/is not an object/);
  });

  it('SEC-22: refuses to start on a missing manifest directory, or a web build without its manifest in `only`', () => {
    expect(() => gateway({ PERSISTED_DOCUMENTS_DIR: join(dir, 'nowhere') })).toThrow(/PERSISTED_DOCUMENTS_DIR/);
    rmSync(join(webDist, 'persisted-documents.json'));
    expect(() => gateway({ TRUSTED_DOCUMENTS: 'only' })).toThrow(/without persisted-documents\.json/);
    // `allow` still answers the text an older build sends.
    expect(() => gateway({ TRUSTED_DOCUMENTS: 'allow' })).not.toThrow();
  });

  it('SEC-20: takes an upload sent by hash as a multipart request (FILE-03)', async () => {
    const uploaded = { id: 42, purpose: 'qualification', name: 'gsp.pdf', mime: 'application/pdf', size: 10 };
    upstream.ok('POST', '/api/user/upload', {
      ...uploaded,
      url: '/api/user/file/42',
      created_at: '2026-11-25T02:00:00.000Z',
    });
    const gw = gateway({ TRUSTED_DOCUMENTS: 'only' });
    const body = new FormData();
    body.append(
      'operations',
      JSON.stringify({
        variables: { file: null },
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256(UPLOAD) } },
      }),
    );
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append('0', new Blob(['%PDF-1.4 x'], { type: 'application/pdf' }), 'gsp.pdf');
    const response = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      body,
      headers: { 'apollo-require-preflight': 'true', ...BUYER_AUTH },
    });
    expect(await response.json()).toMatchObject({ data: { uploadFile: { __typename: 'UploadedFile', id: '42' } } });
    expect(upstream.calls('POST', '/api/user/upload')).toHaveLength(1);
  });
});
