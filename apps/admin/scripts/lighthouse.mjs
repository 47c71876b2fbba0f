#!/usr/bin/env node
// `pnpm bench:lighthouse`: Lighthouse (mobile: its default config, simulated slow 4G and a 4x slower
// CPU) against the built product served by the real api-server, in Debian's Chromium: /login signed
// out and /dashboard/index signed in. Each run starts a new browser (cold cache). Prints every run and
// the median per page, and checks the targets (performance >= 90 on /login, >= 85 on
// /dashboard/index); exits 1 when one is missed. Not part of `npm test`: a lab figure on a shared
// machine.
//
//   node scripts/lighthouse.mjs [--runs 5] [--path /login] [--json out.json] [--peer http://host:port]
//
// --peer: shadcn-admin (github.com/satnaing/shadcn-admin, built and served elsewhere, e.g. its
// `vite preview`) measured in the same run: its /sign-in right after each /login run and its / (the
// dashboard, no sign-in) after each /dashboard/index run, so both see the same machine load.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { buildIfStale, chromiumLaunchOptions, loginThroughUi, startServer } from './built-app.mjs';

const TARGETS = { '/login': 90, '/dashboard/index': 85 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Math.max(1, Number(option('--runs', '5')) || 5);
const only = option('--path', '');
const jsonOut = option('--json', '');
const peer = option('--peer', '');
/** shadcn-admin's pages that match ours. */
const PEER_PATHS = { '/login': '/sign-in', '/dashboard/index': '/' };

/**
 * One Lighthouse run in a new browser. With a token, the page first opens the server's `/healthz`
 * (same origin, no app code), puts the token in localStorage, and Lighthouse keeps that storage
 * (`disableStorageReset`): a signed-in visit with a cold cache.
 */
async function run(url, token) {
  const browser = await puppeteer.launch({
    executablePath: chromiumLaunchOptions.executablePath,
    args: chromiumLaunchOptions.args,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    if (token) {
      await page.goto(new URL('/healthz', url).href);
      await page.evaluate((value) => localStorage.setItem('mmtAccessToken', value), token);
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        maxWaitForLoad: 45_000,
        disableStorageReset: Boolean(token),
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      formFactor: lhr.configSettings.formFactor,
      lighthouse: lhr.lighthouseVersion,
    };
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A token for the seeded user, logged in through the login page in Playwright's Chromium. */
async function signIn(baseURL) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(0);
    return await loginThroughUi(page, baseURL);
  } finally {
    await browser.close();
  }
}

function summarise(page, results) {
  return {
    page,
    runs: results.length,
    lighthouse: results[0].lighthouse,
    formFactor: results[0].formFactor,
    score: median(results.map((r) => r.score)),
    lcpMs: Math.round(median(results.map((r) => r.lcpMs))),
    fcpMs: Math.round(median(results.map((r) => r.fcpMs))),
    cls: Number(median(results.map((r) => r.cls)).toFixed(3)),
    tbtMs: Math.round(median(results.map((r) => r.tbtMs))),
    results,
  };
}

const line = (r) =>
  `score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, FCP ${Math.round(r.fcpMs)} ms, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms`;

async function main() {
  buildIfStale();
  const server = await startServer();
  const summaries = [];
  let missed = false;
  try {
    const token = !only || only === '/dashboard/index' ? await signIn(server.baseURL) : undefined;
    const pages = Object.keys(TARGETS).filter((path) => !only || path === only);
    for (const path of pages) {
      const results = [];
      const peerResults = [];
      for (let i = 0; i < runs; i++) {
        const r = await run(`${server.baseURL}${path}`, path === '/login' ? undefined : token);
        results.push(r);
        process.stdout.write(`${path} run ${i + 1}/${runs}: ${line(r)}\n`);
        if (peer) {
          const p = await run(`${peer}${PEER_PATHS[path]}`);
          peerResults.push(p);
          process.stdout.write(`shadcn-admin ${PEER_PATHS[path]} run ${i + 1}/${runs}: ${line(p)}\n`);
        }
      }
      const summary = summarise(path, results);
      summaries.push(summary);
      missed ||= summary.score < TARGETS[path];
      process.stdout.write(
        `\nLighthouse ${summary.lighthouse} (${summary.formFactor}), ${path}, median of ${runs}: ` +
          `performance ${summary.score} (target >= ${TARGETS[path]}), LCP ${summary.lcpMs} ms, ` +
          `FCP ${summary.fcpMs} ms, CLS ${summary.cls}, TBT ${summary.tbtMs} ms\n\n`,
      );
      if (peer) {
        const p = summarise(`shadcn-admin ${PEER_PATHS[path]}`, peerResults);
        summaries.push(p);
        process.stdout.write(
          `shadcn-admin ${PEER_PATHS[path]}, median of ${runs}: performance ${p.score}, LCP ${p.lcpMs} ms, ` +
            `FCP ${p.fcpMs} ms, CLS ${p.cls}, TBT ${p.tbtMs} ms (ours ${summary.score - p.score >= 0 ? '+' : ''}${summary.score - p.score} points)\n\n`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(summaries, null, 2)}\n`);
  if (missed) {
    process.stderr.write('a Lighthouse target was missed\n');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
