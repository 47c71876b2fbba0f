import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../tooling/chromium.ts';

/**
 * End-to-end tests drive the built admin app served by the real api-server (the way `npm start`
 * runs it), on a free port with a throwaway data directory: see global-setup.ts.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // `npm test` (scripts/test-all.mjs) reads the counts for its summary from E2E_JSON_REPORT.
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never', outputFolder: '../playwright-report' }] as const]),
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  outputDir: '../test-results',
  // No test may depend on the machine's speed: CI shares 2 cores with other work. A wait ends as
  // soon as its condition holds, so these limits only catch a hang or a real failure.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
