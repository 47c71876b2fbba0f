#!/usr/bin/env node
// `pnpm test:all` (what `npm test` runs once the bootstrap has set the machine up): every suite of the
// repository, one step after another, then one summary of what was proven. A failed step does not
// stop the others (the summary then shows everything that is wrong at once), except the steps that
// need its output (size and e2e need the admin build). Exits 1 when any step failed or did not run.
//
// What counts as proven: with CI=true a step that could not run (no Postgres) or a test that was
// skipped is a failure; elsewhere it is a skip, repeated in the summary. The only skipped tests
// accepted are the Postgres-only suites in the plain Vitest step, and only when the Postgres step
// ran those same files.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCi } from './ci.mjs';
import { componentTestsLine, firstLine, readJson, vitestCounts } from './vitest-report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'consign-test-'));
const skipsFile = join(reports, 'skips.txt');
const ci = isCi();

/** Runs a command with its output shown as it comes and kept (the last 256 KB) for the summary. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, CONSIGN_SKIPS_FILE: skipsFile, ...env },
    });
    let output = '';
    const keep = (chunk, stream) => {
      stream.write(chunk);
      output = (output + chunk.toString()).slice(-256 * 1024);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ code: 1, output: `${cmd} could not start: ${error.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** The failed Playwright tests of a JSON report, with the first line of their last error. */
function e2eFailures(report) {
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine([last?.error?.message])}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return failures;
}

const vitestArgs = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, name)}`,
];

/**
 * The steps. `counts` turns what a step left behind into its summary and may declare it failed or
 * skipped (a skipped step under CI is failed by the caller).
 */
const steps = [
  {
    name: 'lint',
    cmd: ['pnpm', ['lint']],
    counts: ({ output }) => ({ text: `${output.match(/Checked (\d+) files?/)?.[1] ?? '?'} files (Biome)` }),
  },
  {
    name: 'typecheck',
    cmd: ['pnpm', ['typecheck']],
    counts: ({ output }) => ({
      text: `${new Set(output.match(/^\S+ typecheck\$/gm) ?? []).size} packages (tsc strict)`,
    }),
  },
  {
    name: 'vitest',
    cmd: ['pnpm', ['test:vitest', ...vitestArgs('vitest.json')]],
    counts: () => {
      const c = vitestCounts(join(reports, 'vitest.json'));
      if (!c) return { text: 'no report' };
      return {
        text: `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (unit, browser, Storybook)`,
        lines: [componentTestsLine(c)],
        skippedFiles: c.skippedFiles,
        failures: c.failures,
      };
    },
  },
  {
    name: 'postgres',
    cmd: ['pnpm', ['test:postgres', ...vitestArgs('postgres.json')]],
    counts: () => {
      const skip = existsSync(skipsFile) ? readFileSync(skipsFile, 'utf8').trim() : '';
      if (skip) return { skipped: skip };
      const c = vitestCounts(join(reports, 'postgres.json'));
      if (!c) return { text: 'no report' };
      return {
        text: `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (API suites on a throwaway Postgres)`,
        skippedFiles: c.skippedFiles,
        failures: c.failures,
        ranFiles: [...c.files.keys()],
      };
    },
  },
  { name: 'build:admin', cmd: ['pnpm', ['build:admin']], counts: () => ({ text: 'apps/admin/dist' }) },
  {
    name: 'size',
    needs: 'build:admin',
    cmd: ['pnpm', ['size']],
    counts: () => ({ text: 'every budget held (size-limit, admin size report)' }),
  },
  {
    name: 'consumer',
    cmd: ['pnpm', ['test:consumer']],
    counts: ({ output }) => ({
      text: output.match(/consumer test passed in [^\n]*/)?.[0] ?? 'no result line',
    }),
  },
  {
    name: 'e2e',
    needs: 'build:admin',
    cmd: ['pnpm', ['test:e2e:run']],
    env: { E2E_JSON_REPORT: join(reports, 'e2e.json') },
    counts: () => {
      const report = readJson(join(reports, 'e2e.json'));
      const stats = report?.stats;
      if (!stats) return { text: 'no report' };
      return {
        failures: e2eFailures(report),
        text: `${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped (Playwright)`,
        skippedTests: stats.skipped,
      };
    },
  },
];

const began = Date.now();
const results = new Map();
for (const step of steps) {
  if (step.needs && results.get(step.needs)?.status !== 'passed') {
    results.set(step.name, { status: 'not run', text: `needs ${step.needs}`, seconds: 0 });
    continue;
  }
  console.log(`\n\x1b[36m[test]\x1b[0m ${step.name}: ${[step.cmd[0], ...step.cmd[1]].join(' ')}\n`);
  const started = Date.now();
  const outcome = await run(step.cmd[0], step.cmd[1], step.env);
  const counts = step.counts(outcome);
  const seconds = Math.round((Date.now() - started) / 1000);
  let status = outcome.code === 0 ? 'passed' : 'failed';
  // A non-zero exit with no failed test (Vitest's unhandled errors, say) must not read as a pass.
  let text = `${counts.text ?? ''}${outcome.code === 0 ? '' : `; exit code ${outcome.code}, see the log above`}`;
  if (counts.skipped) {
    status = ci ? 'failed' : 'skipped';
    text = counts.skipped;
  }
  results.set(step.name, { status, text, seconds, ...counts });
}

// Skipped tests: the plain Vitest run skips the Postgres-only suites, which the Postgres step runs.
const vitest = results.get('vitest');
const postgres = results.get('postgres');
const problems = [];
const unaccounted = (vitest?.skippedFiles ?? []).filter(
  (file) => postgres?.status !== 'passed' || !postgres.ranFiles?.includes(file),
);
if (unaccounted.length) problems.push({ step: 'vitest', text: `skipped tests in ${unaccounted.join(', ')}` });
if (postgres?.skippedFiles?.length)
  problems.push({ step: 'postgres', text: `skipped tests in ${postgres.skippedFiles.join(', ')}` });
if (results.get('e2e')?.skippedTests)
  problems.push({ step: 'e2e', text: `${results.get('e2e').skippedTests} skipped tests` });
if (ci) for (const { step } of problems) results.get(step).status = 'failed';

const mark = {
  passed: '\x1b[32m✓ ran\x1b[0m   ',
  failed: '\x1b[31m✗ FAILED\x1b[0m',
  skipped: '\x1b[33m- SKIPPED\x1b[0m',
  'not run': '\x1b[31m· not run\x1b[0m',
};
const total = Math.round((Date.now() - began) / 1000);
console.log(
  `\n\x1b[36m[test]\x1b[0m summary of npm test (${Math.floor(total / 60)} min ${total % 60} s${ci ? ', CI' : ''}):`,
);
for (const [name, r] of results) {
  console.log(`  ${mark[r.status]}  ${name.padEnd(12)} ${r.text}${r.seconds ? `  [${r.seconds} s]` : ''}`);
  for (const line of r.lines ?? []) console.log(`  ${' '.repeat(9)}  ${' '.repeat(12)} ${line}`);
}
for (const [name, r] of results) {
  for (const failure of r.failures ?? []) console.log(`  \x1b[31mfailed\x1b[0m ${name}: ${failure}`);
}
for (const { step, text } of problems)
  console.log(`  \x1b[33mnote\x1b[0m: ${step}: ${text}${ci ? ' (a failure on CI)' : ''}`);
rmSync(reports, { recursive: true, force: true });

const ok = [...results.values()].every((r) => r.status === 'passed' || r.status === 'skipped');
process.exit(ok ? 0 : 1);
