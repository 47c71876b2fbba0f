import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  compressible: boolean;
  gzip?: Buffer;
  br?: Buffer;
}

export const NOT_BUILT_TEXT =
  'The Consign admin app is not built yet. Run `pnpm build:admin` (or `npm start`, which builds it) and reload.\n' +
  '管理后台尚未构建：请先运行 `pnpm build:admin`（或 `npm start`）后刷新。\n';

/**
 * Serves the built admin app from memory: files are read once, compressed once (br and gzip) and
 * answered with strong ETags. Hashed `/assets/*` are cached for a year (immutable), everything else
 * revalidates (`no-cache`). Unknown paths fall back to index.html (the SPA router takes over), except
 * under `/assets/` where a missing file is a real 404.
 */
export class StaticSite {
  readonly root: string;
  readonly #cache = new Map<string, Entry | null>();
  #index: Entry | null | undefined;
  /** Each page with the last `headHtml` inserted (the company config changes rarely). */
  readonly #withHead = new WeakMap<Entry, { headHtml: string; entry: Entry }>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  #built = false;

  /** Whether index.html exists (checked until it does, so a build after the start is picked up). */
  get built(): boolean {
    this.#built ||= existsSync(join(this.root, 'index.html'));
    return this.#built;
  }

  /**
   * Answers a GET/HEAD for `pathname`, or null when nothing (not even the SPA fallback) applies.
   * `headHtml`, when given, is inserted before `</head>` of index.html (the page's own data).
   */
  serve(
    pathname: string,
    acceptEncoding: string,
    ifNoneMatch: string | undefined,
    head: boolean,
    headHtml?: string,
  ): Response | null {
    let entry = this.page(pathname);
    if (!entry) return null;
    if (headHtml && entry.type.startsWith('text/html')) entry = this.withHead(entry, headHtml);
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'cache-control': entry.cacheControl,
      etag: entry.etag,
    };
    if (entry.compressible) headers.vary = 'Accept-Encoding';
    if (ifNoneMatch && ifNoneMatch === entry.etag) return new Response(null, { status: 304, headers });
    let body = entry.body;
    if (entry.compressible && entry.body.length > 1024) {
      if (/\bbr\b/.test(acceptEncoding)) {
        entry.br ??= brotliCompressSync(entry.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        });
        body = entry.br;
        headers['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(acceptEncoding)) {
        entry.gzip ??= gzipSync(entry.body, { level: 9 });
        body = entry.gzip;
        headers['content-encoding'] = 'gzip';
      }
    }
    headers['content-length'] = String(body.length);
    return new Response(head ? null : new Uint8Array(body), { status: 200, headers });
  }

  private index(): Entry | null {
    if (this.#index === undefined) this.#index = this.load('/index.html');
    return this.#index;
  }

  /** Whether `pathname` is answered with an HTML page of the app rather than a file. */
  isPage(pathname: string): boolean {
    return this.page(pathname)?.type.startsWith('text/html') ?? false;
  }

  /**
   * What answers `pathname`: the file itself; else, as static hosts do, `<pathname>/index.html` (a
   * page the build wrote for that path, e.g. `login/index.html`); else index.html (the SPA fallback),
   * except under `/assets/`, where a missing file is a real 404.
   */
  private page(pathname: string): Entry | null {
    const file = this.lookup(pathname);
    if (file || pathname.startsWith('/assets/')) return file;
    const dir = pathname.replace(/\/+$/, '');
    return (dir && dir.length < 256 ? this.lookup(`${dir}/index.html`) : null) ?? this.index();
  }

  private withHead(page: Entry, headHtml: string): Entry {
    let cached = this.#withHead.get(page);
    if (cached?.headHtml !== headHtml) {
      const html = page.body.toString('utf8');
      const at = html.indexOf('</head>');
      const body = Buffer.from(at < 0 ? html : `${html.slice(0, at)}${headHtml}${html.slice(at)}`);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      cached = { headHtml, entry: { ...page, body, etag, gzip: undefined, br: undefined } };
      this.#withHead.set(page, cached);
    }
    return cached.entry;
  }

  private lookup(pathname: string): Entry | null {
    if (pathname === '/' || pathname === '') return this.index();
    if (this.#cache.has(pathname)) return this.#cache.get(pathname) ?? null;
    const entry = this.load(pathname);
    // Remember misses too, but only a bounded number (paths are attacker-chosen).
    if (entry || this.#cache.size < 5000) this.#cache.set(pathname, entry);
    return entry;
  }

  private load(pathname: string): Entry | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return null;
    const file = resolve(this.root, `.${normalize(`/${decoded}`)}`);
    if (file !== this.root && !file.startsWith(this.root + sep)) return null;
    let body: Buffer;
    try {
      if (!statSync(file).isFile()) return null;
      body = readFileSync(file);
    } catch {
      return null;
    }
    const ext = extname(file).toLowerCase();
    const isAsset = decoded.startsWith('/assets/');
    return {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: isAsset ? IMMUTABLE : 'no-cache',
      compressible: COMPRESSIBLE.has(ext),
    };
  }
}
