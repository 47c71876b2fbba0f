import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EMBEDDED_COMPANY_CONFIG_ID } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let site: string;
const lines: string[] = [];
const INDEX =
  '<!doctype html><html><head><title>Consign</title></head><body><div id="root"></div></body></html>';
const LOGIN_PAGE = INDEX.replace('<title>', '<link rel="modulepreload" href="/assets/login.js"><title>');
const SCRIPT = `console.log(${JSON.stringify('consign '.repeat(2000))});`;

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

function build() {
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), INDEX);
  writeFileSync(join(site, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(site, 'login'), { recursive: true });
  writeFileSync(join(site, 'login/index.html'), LOGIN_PAGE);
}

afterAll(async () => {
  await t?.stop();
  rmSync(site, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'consign-secret.txt'), { force: true });
});

/** Raw GET (fetch would hide content-encoding by decoding, and normalise `..`). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(`${t.url}${path}`, { headers }, (res) => {
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
    build();
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
    const config = await api.config.get();
    expect(embedded(first.body.toString())).toEqual(config);
    // The logo is the tab's icon and is fetched with the page.
    expect(config.logo_url).not.toBe('');
    expect(first.body.toString()).toContain(
      `<link rel="icon" href="${config.logo_url}"><link rel="preload" as="image" href="${config.logo_url}">`,
    );

    // An admin's hostile short name cannot close the element: `<` travels as \u003c.
    const adminToken = await t.login(ADMIN);
    const admin = t.client(() => adminToken);
    const profile = await admin.company.index();
    const hostile = '</script><img src=x onerror=alert(1)>';
    try {
      const hostileLogo = '/static/logo.svg?a="><script>alert(1)</script>';
      await admin.company.update({ ...profile, short_name: hostile.slice(0, 32), logo_url: hostileLogo });
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
      await admin.company.update({ ...profile, version: (await admin.company.index()).version });
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

  it('caches hashed assets for a year and compresses them with br or gzip', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/favicon.svg');
    const etag = String(first.headers.etag);
    expect((await get('/favicon.svg', { 'if-none-match': etag })).status).toBe(304);
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
      expect(res.body.toString()).not.toContain('secret');
    }
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const res of [await get('/'), await get('/healthz')]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
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
