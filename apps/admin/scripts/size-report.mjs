#!/usr/bin/env node
// The size budget of the admin app: the JavaScript a cold visit downloads until the network is idle
// (everything the visit loads, not only what the first paint needs), gzip level 9, for /login signed
// out and /dashboard/index signed in. Measured in Chromium against the built app served by the real
// api-server (fresh data directory, free port), each page in a new browser context (empty cache).
// Builds first when dist/ is missing or older than the sources. Prints a table; exits 1 past a budget.
//
//   node scripts/size-report.mjs          build if stale, measure, enforce the budgets
//   node scripts/size-report.mjs --json   also print every file with its gzip size
//   SIZE_PEER=http://host:port node scripts/size-report.mjs
//                                         also measure shadcn-admin (github.com/satnaing/shadcn-admin,
//                                         built and served elsewhere, e.g. its `vite preview`) the same
//                                         way: its /sign-in and its dashboard / (reported, not enforced)
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildIfStale, chromiumLaunchOptions, loginThroughUi, startServer } from './built-app.mjs';

/** The size targets (KB = 1000 bytes): JS of a cold visit; CSS per page. */
export const TARGETS = {
  '/login': { js: 150_000, css: 15_000 },
  '/dashboard/index': { js: 185_000, css: 15_000 },
};

/**
 * What CI enforces (exit 1 past it). The CSS budgets are the targets. The JS budgets are the last
 * measured figures rounded up, + 1 KB: never raise them; lower them when a page sheds weight (see
 * apps/admin/README.md, "Performance", for the history and what meeting the /login target would take).
 * 2026-11-25: the shell's overlays on first use, the route search schemas on valibot and the OAuth
 * callback's parser apart from its page took them from 192.4 / 235.3 KB to 173.2 / 184.0 KB.
 * 2026-11-26: the carousel engine only for two banners or more and the native agreement checkbox took
 * /login to 160.7 KB (the dashboard 184.0 KB, kept at its 185 KB).
 * 2026-11-26: the 充值 dialog on the first 充值, the 404 page on the first unknown address and the
 * contract's rules split by concern took the pages with the 财务 routes to 160.0 / 184.4 KB.
 * 2026-11-28: 异常订单 (the order list's exception filter in the route search, 工作台's five counts, the
 * refresh table's exception counts) and the lazy 备用货源 and 发货地址 chunks in the preload map took them
 * to 160.4 / 185.2 KB: the dashboard's CI budget 186 KB, its target 185 KB not met (reported).
 * 2026-11-28: the request code (signature, ofetch, envelope) and the mutation refresh table on first
 * use (a signed-out /login calls nothing and downloads neither), React, TanStack Router and Query,
 * tailwind-merge and clsx in one framework chunk: 150.0 / 183.6 KB, both targets met (the dashboard,
 * signed in, loads the request code at once).
 * 2026-11-29: 工作台 for the day (balance, shop counts, the 开店准备 checklist), the live stream and the
 * refresh table it uses, the phone's card view and help per page took them to 150.7 / 189.6 KB: CI
 * budgets 152 / 191 KB, both targets not met (reported).
 * 2026-11-29: the refresh table on the first live event or bell read, the export columns apart from
 * the rules every page's route search reads, the login screen without lucide's icon runtime, the ui
 * Switch and Label without Radix (the sidebar's 暗色菜单 loaded Radix Switch and the Field): 148.6 /
 * 184.9 KB, both targets met; the budgets are the targets again.
 */
export const BUDGETS = {
  '/login': { js: 150_000, css: 15_000 },
  '/dashboard/index': { js: 185_000, css: 15_000 },
};

/** What shows that the page has rendered all it renders on its own (its lazy parts included). */
const RENDERED = {
  '/login': async (page) => {
    await page.getByRole('button', { name: '获取验证码' }).waitFor();
    await page
      .locator('[data-slot=login-banners] img, [data-slot=banner-carousel-fallback]')
      .first()
      .waitFor();
  },
  '/dashboard/index': async (page) => {
    await page.getByRole('heading', { level: 1, name: '工作台' }).waitFor();
  },
};

/** The same for shadcn-admin's matching pages (SIZE_PEER). */
const PEER_RENDERED = {
  '/sign-in': (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
  '/': (page) => page.getByRole('heading', { name: 'Dashboard' }).waitFor(),
};

/**
 * Visits `path` in a new context and returns every script and stylesheet it downloaded, once the page
 * has rendered and no request has been in flight for a while. No deadline: a busy machine is slower,
 * never wrong (a late request only adds to the sum).
 */
async function visit(browser, baseURL, path, token, rendered = RENDERED[path]) {
  const context = await browser.newContext({
    storageState: token
      ? {
          cookies: [],
          origins: [{ origin: baseURL, localStorage: [{ name: 'mmtAccessToken', value: token }] }],
        }
      : undefined,
  });
  context.setDefaultTimeout(0);
  const page = await context.newPage();
  const pending = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastChange = Date.now();
  };
  // The live stream (/api/live/stream) stays open while signed in: it never settles, so it is not waited for.
  const counted = (request) => !new URL(request.url()).pathname.startsWith('/api/live/');
  page.on('request', (request) => {
    if (!counted(request)) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  page.on('requestfinished', (request) => counted(request) && settle());
  page.on('requestfailed', (request) => counted(request) && settle());
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => ({
        file: new URL(response.url()).pathname,
        type: type === 'script' ? 'js' : 'css',
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'load' });
  if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended at ${page.url()}`);
  await rendered(page);
  // sonner loads on the first toast (@consign/ui's ToastHost): a page that shows none never downloads it.
  while (inFlight > 0 || Date.now() - lastChange < 1000) await page.waitForTimeout(100);
  const files = await Promise.all(pending);
  await context.close();
  const sum = (type) => files.filter((f) => f.type === type).reduce((total, f) => total + f.gzip, 0);
  return { js: sum('js'), css: sum('css'), files };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

async function main() {
  buildIfStale();
  const server = await startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results = {};
  try {
    results['/login'] = await visit(browser, server.baseURL, '/login');
    const loginContext = await browser.newContext();
    loginContext.setDefaultTimeout(0);
    const token = await loginThroughUi(await loginContext.newPage(), server.baseURL);
    await loginContext.close();
    results['/dashboard/index'] = await visit(browser, server.baseURL, '/dashboard/index', token);
    const peer = process.env.SIZE_PEER;
    if (peer) {
      for (const [path, rendered] of Object.entries(PEER_RENDERED)) {
        const r = await visit(browser, peer, path, undefined, rendered);
        const scripts = r.files.filter((f) => f.type === 'js').length;
        console.log(`shadcn-admin ${path}: JS ${kb(r.js)} (${scripts} files), CSS ${kb(r.css)}`);
      }
    }
    // SIZE_FILES=1: each page's files, largest first (to find what a change added).
    if (process.env.SIZE_FILES) {
      for (const [path, r] of Object.entries(results)) {
        console.log(path);
        for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${(f.gzip / 1000).toFixed(1)} KB  ${f.file}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = [['page', 'JS gzip', 'CI budget', 'target', 'JS files', 'CSS gzip', 'budget', '']];
  let failed = false;
  for (const [path, r] of Object.entries(results)) {
    const budget = BUDGETS[path];
    const target = TARGETS[path];
    const over = r.js > budget.js || r.css > budget.css;
    const offTarget = r.js > target.js || r.css > target.css;
    failed ||= over;
    const scripts = r.files.filter((f) => f.type === 'js').length;
    rows.push([
      path,
      kb(r.js),
      kb(budget.js),
      kb(target.js),
      String(scripts),
      kb(r.css),
      kb(budget.css),
      over ? 'OVER BUDGET' : offTarget ? 'ok (target not met)' : 'ok',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows)
    process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}\n`);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  if (failed) {
    process.stderr.write('\nadmin size budget exceeded (see apps/admin/README.md, "Performance")\n');
    process.exit(1);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
