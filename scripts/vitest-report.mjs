// What `npm test` (scripts/test-all.mjs) reads out of a Vitest JSON report: the counts, the failures,
// the skipped files, and the admin's component tests on a line of their own. On its own,
// `node scripts/vitest-report.mjs REPORT.json` prints what the summary would say of that report.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The admin app's component tests (the `admin:components` project: the `.test.tsx` files of apps/admin/src, see
 * apps/admin/README.md#component-tests), counted out of the Vitest step's report.
 */
export function componentTestsLine(counts) {
  const statuses = [...counts.files]
    .filter(([file]) => file.startsWith('apps/admin/src/') && file.endsWith('.test.tsx'))
    .flatMap(([, s]) => s);
  const passed = statuses.filter((s) => s === 'passed').length;
  const failed = statuses.filter((s) => s === 'failed').length;
  return `component tests: ${passed} passed${failed ? `, ${failed} failed` : ''} (admin:components, Chromium)`;
}

export function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The first non-empty line of a failure message, without colour codes, so the summary names the cause. */
export function firstLine(messages) {
  const text = stripVTControlCharacters((messages ?? []).join('\n'));
  return (text.split('\n').find((line) => line.trim()) ?? 'no message').trim().slice(0, 300);
}

const SKIPPED = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** Counts of a Vitest JSON report, and the files whose tests were skipped. */
export function vitestCounts(path) {
  const report = readJson(path);
  if (!report) return null;
  const files = new Map();
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const statuses = (file.assertionResults ?? []).map((test) => test.status);
    files.set(name, statuses);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages)}`);
    }
    // A file that failed to load or run (an import error, an unhandled error) has no failed test.
    if (file.status === 'failed' && !statuses.includes('failed'))
      failures.push(`${name}: ${firstLine([file.message])}`);
  }
  const all = [...files.values()].flat();
  return {
    passed: all.filter((s) => s === 'passed').length,
    failed: all.filter((s) => s === 'failed').length,
    skipped: all.filter((s) => SKIPPED.has(s)).length,
    files,
    failures,
    skippedFiles: [...files].filter(([, statuses]) => statuses.some((s) => SKIPPED.has(s))).map(([f]) => f),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const counts = vitestCounts(process.argv[2] ?? '');
  if (!counts) {
    console.error('usage: node scripts/vitest-report.mjs REPORT.json (a Vitest JSON report)');
    process.exit(1);
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  console.log(componentTestsLine(counts));
  for (const failure of counts.failures) console.log(`failed: ${failure}`);
}
