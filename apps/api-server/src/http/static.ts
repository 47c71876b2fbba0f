import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

export const NOT_BUILT_TEXT =
  'The Consign admin app is not built yet. Run `pnpm build:admin` (or `npm start`, which builds it) and reload.\n' +
  '管理后台尚未构建：请先运行 `pnpm build:admin`（或 `npm start`）后刷新。\n';

/**
 * The only spellings answered, checked on the path exactly as the client sent it (Node's request
 * line, before anything decodes `%61` or resolves `..`): `/`-separated segments of unreserved
 * characters, none empty (no `//`) and none starting with a dot (no `.`, `..`, dotfiles). So each file
 * and each page has one spelling, and no `%`, `\` or `;` ever reaches the file system.
 * - An app route: no dot at all, optional trailing slash (`/`, `/order/index`, `/login/`).
 * - A file: its last segment may hold dots (`/assets/index-BV62wBeN.js`, `/index.html`).
 */
const ROUTE_PATH = /^(?:\/[A-Za-z0-9_~-]+)*\/?$/;
const FILE_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
/** Files of dist/ that are not the app's: source maps, and the build's precompressed copies (served by negotiation only). */
const NOT_SERVED = /\.(?:map|br|gz)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

type StaticContext = Context<{ Bindings: HttpBindings }>;

interface Page {
  html: string;
  /** The page with the last `head` inserted (the company config changes rarely). */
  withHead?: { head: string; body: string; etag: string };
}

/**
 * The built admin app (`apps/admin/dist`).
 * - Files through `@hono/node-server`'s `serveStatic`, streamed from disk: the `.br` or `.gz` copy the
 *   admin build wrote beside each compressible file when the browser accepts it (`precompressed`),
 *   nothing compressed here. Hashed `/assets/*` are cached for a year (immutable), others revalidate.
 * - Pages (`index.html`, `<path>/index.html`) from memory, with the current company config inserted
 *   before `</head>`, `no-cache` and a strong ETag. App routes without a page of their own get
 *   index.html (the SPA fallback; the client router takes over).
 * - Anything else is 404: other spellings of a path, source maps, missing files.
 * Memory holds only the pages, keyed by their file: at most one entry per real HTML file of the build.
 */
export class StaticSite {
  readonly root: string;
  readonly #pages = new Map<string, Page>();
  readonly #files: MiddlewareHandler;
  #built = false;

  constructor(root: string) {
    this.root = resolve(root);
    this.#files = serveStatic({
      root: this.root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('cache-control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
        c.header('vary', 'Accept-Encoding');
      },
    });
  }

  /** Whether index.html exists (checked until it does, so a build after the start is picked up). */
  get built(): boolean {
    this.#built ||= existsSync(join(this.root, 'index.html'));
    return this.#built;
  }

  /** How many pages are held in memory (tests: it never grows with the spellings asked for). */
  get cachedPages(): number {
    return this.#pages.size;
  }

  /**
   * Answers a GET or HEAD. `pageHead` gives the HTML inserted into a page (read only when a page is
   * answered).
   */
  async serve(c: StaticContext, pageHead: () => Promise<string | undefined>): Promise<Response> {
    // The request target as sent; c.req.path is already decoded and normalised.
    const path = (c.env?.incoming?.url ?? c.req.path).split('?')[0] ?? '';
    if (ROUTE_PATH.test(path)) {
      // A page the build wrote for this route (as static hosts do), else the SPA fallback.
      const own = join(this.root, path, 'index.html');
      return this.#page(c, this.#exists(own) ? own : join(this.root, 'index.html'), pageHead);
    }
    if (!FILE_PATH.test(path) || NOT_SERVED.test(path)) return c.text('Not Found', 404);
    if (path.endsWith('.html')) {
      const file = join(this.root, path);
      return this.#exists(file) ? this.#page(c, file, pageHead) : c.text('Not Found', 404);
    }
    return (await this.#files(c, async () => {})) ?? c.text('Not Found', 404);
  }

  #exists(page: string): boolean {
    return this.#pages.has(page) || existsSync(page);
  }

  async #page(
    c: StaticContext,
    file: string,
    pageHead: () => Promise<string | undefined>,
  ): Promise<Response> {
    let page = this.#pages.get(file);
    if (!page) {
      page = { html: readFileSync(file, 'utf8') };
      this.#pages.set(file, page);
    }
    const head = (await pageHead()) ?? '';
    if (page.withHead?.head !== head) {
      const at = page.html.indexOf('</head>');
      const body = at < 0 ? page.html : `${page.html.slice(0, at)}${head}${page.html.slice(at)}`;
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      page.withHead = { head, body, etag };
    }
    const { body, etag } = page.withHead;
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers);
  }
}
