import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { EMBEDDED_COMPANY_CONFIG_ID } from '@consign/api-client';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticSite } from '../src/http/static';
import { ADMIN, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let site: string;
const lines: string[] = [];
const INDEX =
  '<!doctype html><html><head><title>Consign</title></head><body><div id="root"></div></body></html>';
const LOGIN_PAGE = INDEX.replace('<title>', '<link rel="modulepreload" href="/assets/login.js"><title>');
const SCRIPT = `console.log(${JSON.stringify('consign '.repeat(2000))});`;
/** What the admin build writes beside a compressible file (vite-plugin-compression2). */
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT);
/** Compressible, but the build wrote no copies of it: served as it is, never compressed here. */
const STYLE = `body{color:red}${'.a{margin:0}'.repeat(500)}`;
/** Larger than what the sockets buffer, so a client that does not read keeps its answer in flight. */
const BIG_SIZE = 24 * 1024 * 1024;

beforeAll(async () => {
  // The app is built only after the start: the first test sees the "not built" answer.
  site = mkdtempSync(join(tmpdir(), 'consign-static-'));
  writeFileSync(join(tmpdir(), 'consign-secret.txt'), 'secret');
  t = await startTestServer({
    staticDir: site,
    copyWorker: false,
    logLevel: 'info',
    logWrite: (line) => lines.push(line),
  });
}, 120_000);

/** A build as the admin app's writes it: pages, hashed assets with their .br/.gz copies and source maps. */
function build(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), SCRIPT_BR);
  writeFileSync(join(dir, 'assets/index-abc123.js.gz'), SCRIPT_GZ);
  writeFileSync(join(dir, 'assets/index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  writeFileSync(join(dir, 'assets/style-abc123.css'), STYLE);
  writeFileSync(join(dir, 'assets/big-abc123.bin'), Buffer.alloc(BIG_SIZE, 7));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.source-hash'), 'build stamp');
  mkdirSync(join(dir, 'login'), { recursive: true });
  writeFileSync(join(dir, 'login/index.html'), LOGIN_PAGE);
}

afterAll(async () => {
  await t?.stop();
  rmSync(site, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'consign-secret.txt'), { force: true });
});

/** Raw GET (fetch would hide content-encoding by decoding, and normalise `..` and `%61`). */
function get(path: string, headers: Record<string, string> = {}, base = t.url, method = 'GET') {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    // The path goes out exactly as written (a URL string would be normalised first).
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static admin app', () => {
  it('says to run the build while the app is not built, then serves it once built', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('pnpm build:admin');
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    build(site);
    expect((await fetch(`${t.url}/`)).status).toBe(200);
  });

  it('serves index.html for / and for client routes (SPA fallback), revalidated', async () => {
    for (const path of ['/', '/order/index?pageIndex=2', '/system/global', '/index.html']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The page with the logo links and the current company config embedded before </head>.
      const html = res.body.toString();
      const withoutHead = html
        .replace(/<script type="application\/json" id="consign-company-config">.*?<\/script>/, '')
        .replace(/<link rel="icon"[^>]*><link rel="preload" as="image"[^>]*>/, '');
      expect(withoutHead).toBe(INDEX);
    }
  });

  it('embeds the current company config in every page, escaped, and follows its changes', async () => {
    const embedded = (html: string) => {
      const match = html.match(
        new RegExp(`<script type="application/json" id="${EMBEDDED_COMPANY_CONFIG_ID}">(.*?)</script>`),
      );
      expect(match).not.toBeNull();
      return JSON.parse(match?.[1] ?? 'null') as unknown;
    };
    const api = t.client();
    const first = await get('/login');
    const config = await api.call('/api/default/config');
    expect(embedded(first.body.toString())).toEqual(config);
    // The logo is the tab's icon and is fetched with the page.
    expect(config.logo_url).not.toBe('');
    expect(first.body.toString()).toContain(
      `<link rel="icon" href="${config.logo_url}"><link rel="preload" as="image" href="${config.logo_url}">`,
    );

    // An admin's hostile short name cannot close the element: `<` travels as \u003c.
    const adminToken = await t.login(ADMIN);
    const admin = t.client(() => adminToken);
    const profile = await admin.call('/api/company/index');
    const hostile = '</script><img src=x onerror=alert(1)>';
    try {
      const hostileLogo = '/static/logo.svg?a="><script>alert(1)</script>';
      await admin.call('/api/company/update', {
        ...profile,
        short_name: hostile.slice(0, 32),
        logo_url: hostileLogo,
      });
      const second = await get('/login');
      const html = second.body.toString();
      expect(html).not.toContain('<img');
      expect(html).not.toContain('"><script>alert');
      expect(html).toContain('href="/static/logo.svg?a=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      expect(html).toContain('\\u003c/script\\u003e');
      expect((embedded(html) as { short_name: string }).short_name).toBe(hostile.slice(0, 32));
      // A new body, a new ETag: the browser's cached copy is not reused.
      expect(second.headers.etag).not.toBe(first.headers.etag);
      expect((await get('/login', { 'if-none-match': String(first.headers.etag) })).status).toBe(200);
      expect((await get('/login', { 'if-none-match': String(second.headers.etag) })).status).toBe(304);
    } finally {
      await admin.call('/api/company/update', {
        ...profile,
        version: (await admin.call('/api/company/index')).version,
      });
    }
    // Files are served as they are.
    expect((await get('/favicon.svg')).body.toString()).not.toContain(EMBEDDED_COMPANY_CONFIG_ID);
  });

  it('serves a page the build wrote for a path (<path>/index.html), with the config, like a static host', async () => {
    for (const path of ['/login', '/login/', '/login?redirect=%2Forder%2Findex', '/login/index.html']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body.toString();
      expect(html).toContain('<link rel="modulepreload" href="/assets/login.js">');
      expect(html).toContain(`id="${EMBEDDED_COMPANY_CONFIG_ID}"`);
    }
    // Elsewhere the SPA fallback, also below the page's path (a client route, not a file).
    for (const path of ['/login/x', '/loginx', '/dashboard/index']) {
      expect((await get(path)).body.toString()).not.toContain('/assets/login.js');
    }
  });

  it('serves the copies the build compressed (br, gzip) by Accept-Encoding, and compresses nothing itself', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('text/javascript');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.body.equals(SCRIPT_GZ)).toBe(true);
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(SCRIPT);
    // A compressible file without copies goes out as it is, whatever the browser accepts.
    const style = await get('/assets/style-abc123.css', { 'accept-encoding': 'gzip, deflate, br' });
    expect(style.status).toBe(200);
    expect(style.headers['content-encoding']).toBeUndefined();
    expect(style.body.toString()).toBe(STYLE);
    // HEAD: the headers of the file, no body.
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, t.url, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(SCRIPT_BR.length));
    expect(head.body.length).toBe(0);
  });

  it('revalidates files outside /assets and pages (no-cache), pages with an ETag and 304', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    const page = await get('/order/index');
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/order/index', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers 404 to every other spelling of a file, to source maps, the build copies and dotfiles', async () => {
    for (const path of [
      '/assets//index-abc123.js',
      '//assets/index-abc123.js',
      '/%61ssets/index-abc123.js',
      '/assets/%69ndex-abc123.js',
      '/assets/index-abc123%2Ejs',
      '/assets%2Findex-abc123.js',
      '/assets/./index-abc123.js',
      '/./assets/index-abc123.js',
      '/x/../assets/index-abc123.js',
      '/assets/x/..%2Findex-abc123.js',
      '/assets/index-abc123.js/',
      '/assets/index-abc123.js;x',
      '/assets/index-abc123.js%00',
      '/assets/index-abc123.js%20',
      '/assets/index-abc123.js.',
      '/assets/index-abc123.js~',
      '/ASSETS/index-abc123.js',
      '/assets/index-abc123.JS',
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/.source-hash',
      '/index.html/',
      '/%69ndex.html',
      '/login/index.html/',
      '//login',
      '/login//',
      '/%6Cogin',
      '/order//index',
      '/order/./index',
      '/assets/missing.js',
    ]) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).toBe('Not Found');
    }
    // A backslash never reaches the app: @hono/node-server refuses the request (400).
    expect((await get('/assets\\index-abc123.js')).status).toBe(400);
    // The canonical spellings, for comparison.
    expect((await get('/assets/index-abc123.js')).status).toBe(200);
    expect((await get('/assets/index-abc123.js?v=1')).status).toBe(200);
  });

  it('keeps answering /healthz while many large files are being sent', async () => {
    // 20 clients ask for a 24 MB file and read nothing: their answers stay in flight (back-pressure).
    const pending: { res: IncomingMessage; ended: boolean }[] = [];
    await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<void>((resolve, reject) => {
            const req = request(`${t.url}/assets/big-abc123.bin`, { agent: false }, (res) => {
              res.pause();
              const entry = { res, ended: false };
              res.on('end', () => {
                entry.ended = true;
              });
              pending.push(entry);
              resolve();
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    expect(pending.map((p) => p.res.statusCode)).toEqual(Array(20).fill(200));
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ ok: true });
    // /healthz answered while every one of the 20 was still being sent.
    expect(pending.filter((p) => p.ended)).toEqual([]);
    // Then each gets the whole file.
    const sizes = await Promise.all(
      pending.map(
        ({ res }) =>
          new Promise<number>((resolve) => {
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
            });
            res.on('end', () => resolve(size));
            res.resume();
          }),
      ),
    );
    expect(sizes).toEqual(Array(20).fill(BIG_SIZE));
  }, 60_000);

  it('answers an overlong address (45 KB) with a short readable page, and keeps serving; other bad requests a 400', async () => {
    const res = await get(`/order/index?keyword=${'a'.repeat(45_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body.toString();
    expect(html).toContain('<title>请求地址过长</title>');
    expect(html).toContain('<a href="/">返回首页</a>');
    expect(res.body.length).toBeLessThan(1024);
    expect((await get('/healthz')).status).toBe(200);
    // Other requests Node refuses keep its own empty answer.
    const { port } = new URL(t.url);
    const raw = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  it('answers 404 (not the app) for a missing asset, an unknown API path and path traversal', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/api/nope')).status).toBe(404);
    for (const path of [
      '/../consign-secret.txt',
      '/%2e%2e/consign-secret.txt',
      '/assets/..%2f..%2fconsign-secret.txt',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString()).not.toContain('secret');
    }
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const res of [await get('/'), await get('/assets/index-abc123.js'), await get('/healthz')]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob: https: http:;");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('logs one JSON line per request without query string, token or body', async () => {
    const token = await t.login('13900000000');
    await t.post('/api/order/index', { pageIndex: 1, pageSize: 20, keyword: 'secret-keyword' }, { token });
    await fetch(`${t.url}/healthz?x=secret-query`);
    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(requests.map((r) => r.path)).toContain('/api/order/index');
    for (const r of requests) {
      expect(Object.keys(r).sort()).toEqual(['level', 'method', 'ms', 'msg', 'path', 'status', 'time']);
    }
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('secret-keyword');
    expect(all).not.toContain('secret-query');
    expect(all).not.toMatch(/"code"/);
  });
});

describe('StaticSite memory', () => {
  it('holds one entry per page of the build, however many spellings are asked for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'consign-static-memory-'));
    build(dir);
    const staticSite = new StaticSite(dir);
    const app = new Hono<{ Bindings: HttpBindings }>().get('*', (c) =>
      staticSite.serve(c, async () => '<meta name="company">'),
    );
    const server = createAdaptorServer({ fetch: app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const spellings = (i: number) => [
        `/order/index?pageIndex=${i}`,
        `/route-${i}/page`,
        `/login?redirect=%2Forder%2F${i}`,
        `/assets/index-abc123.js?v=${i}`,
        `/assets/${'/'.repeat(1 + (i % 7))}index-abc123.js`,
        `/%61ssets/index-abc123.js?${i}`,
        `/assets/missing-${i}.js`,
        `/x${i}/../assets/index-abc123.js`,
        `/%6Cogin/${i}`,
      ];
      const statuses = new Map<number, number>();
      for (let i = 0; i < 300; i++) {
        const answers = await Promise.all(
          spellings(i).map((path) => get(path, { 'accept-encoding': 'br' }, base)),
        );
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // 2,700 requests: pages (200), the asset (200) and the other spellings (404).
      expect(Object.fromEntries(statuses)).toEqual({ 200: 1200, 404: 1500 });
      // Only index.html and login/index.html are held, the files of the build that are pages.
      expect(staticSite.cachedPages).toBe(2);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(INDEX);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
