import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staticFiles } from './static-files';

const SCRIPT = 'console.log("药采网");'.repeat(100);

let dir: string;
let server: Server;
let base: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>药采网</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app.js.br'), brotliCompressSync(SCRIPT));
  const serve = staticFiles(dir);
  server = createServer((req, res) =>
    serve(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the web build’s files', () => {
  it('sends a file, its compressed twin to a browser that takes it, and fingerprinted assets for good', async () => {
    const plain = await fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(SCRIPT);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const compressed = await fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(SCRIPT);
    expect((await fetch(`${base}/index.html`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a file removed after start (a web build emptying the folder), and keeps serving', async () => {
    rmSync(join(dir, 'assets'), { recursive: true });
    for (const encoding of ['br', 'identity']) {
      const gone = await fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': encoding } });
      expect(gone.status).toBe(404);
      expect(gone.headers.get('cache-control')).toBeNull();
      await gone.text();
    }
    expect((await fetch(`${base}/index.html`)).status).toBe(200);
  });

  it('ends only that answer when a compressed twin alone is gone, never the process', async () => {
    rmSync(join(dir, 'assets', 'app.js.br'));
    await expect(
      fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': 'br' } }).then((response) => response.text()),
    ).rejects.toThrow();
    expect((await fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': 'identity' } })).status).toBe(200);
  });
});
