import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { PluginOption } from 'vite';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tooling/chromium.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * The admin's unit tests read its route tree (the menu and the route guard take who may open a page
 * from the routes): the router's generator plugin, a dependency of the admin app, writes
 * `src/routeTree.gen.ts` when they start, as `vite` and `tsr generate` do.
 */
const { tanstackRouterGenerator } = (await import(
  createRequire(path.join(dirname, 'apps/admin/package.json')).resolve('@tanstack/router-plugin/vite')
)) as typeof import('@tanstack/router-plugin/vite');

/**
 * No test may depend on the machine's speed: CI shares 2 cores with other work, and a property test
 * once took 17 s there against Vitest's 5 s default. The timeouts only catch a hang, so they are far
 * above what any test needs on a busy machine. The same goes for waits in the browser:
 * `expect.element` / `expect.poll` (1 s by default) and Testing Library's `waitFor` / `findBy*` in
 * stories (tooling/patient-waits.ts).
 */
const hangGuard = { testTimeout: 120_000, hookTimeout: 180_000 };
const browserWaits = { expect: { poll: { timeout: 30_000 } } };

/** Chromium in headless mode, shared by the component tests and the story tests. */
function browser() {
  return {
    enabled: true,
    headless: true,
    provider: playwright({ launchOptions: chromiumLaunchOptions }),
    instances: [{ browser: 'chromium' as const }],
    viewport: { width: 1280, height: 800 },
  };
}

/**
 * Dependencies the browser projects import, bundled before the first test runs. Without this Vite
 * discovers them mid-run, re-optimises and reloads the page, and the test that was running fails
 * on a cold cache (seen on fresh clones).
 */
const browserDeps = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'radix-ui',
  'sonner',
  'embla-carousel-react',
  '@tanstack/react-table',
  '@tanstack/react-router',
  '@tanstack/react-query',
  'zustand',
  'lucide-react',
  'class-variance-authority',
  'clsx',
  'tailwind-merge',
  'vitest-browser-react',
];

/**
 * The same for the admin app, whose root resolves only its own dependencies: the design system's,
 * the shell's and the API client's are named through their package (`pkg > dep`).
 */
const adminBrowserDeps = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-router',
  '@tanstack/react-query',
  'lucide-react',
  'react-hook-form',
  '@hookform/resolvers/zod',
  'zod',
  'valibot',
  'qs-esm',
  'vitest-browser-react',
  ...['radix-ui', 'sonner', 'embla-carousel-react', '@tanstack/react-table', 'react-day-picker'].map(
    (dep) => `@consign/ui > ${dep}`,
  ),
  ...['class-variance-authority', 'clsx', 'tailwind-merge'].map((dep) => `@consign/ui > ${dep}`),
  '@consign/shell > zustand',
  '@consign/api-client > ofetch',
  '@consign/api-client > spark-md5',
];

/** Pure logic runs in Node: fast, no browser. */
function unit(pkg: string, root: string, plugins: PluginOption[] = []) {
  return {
    plugins,
    test: {
      name: `${pkg}:unit`,
      root,
      ...hangGuard,
      environment: 'node' as const,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    },
  };
}

/** Components run in real Chromium with the app's Tailwind pipeline. */
function componentTests(pkg: string, root: string) {
  return {
    plugins: [react(), tailwindcss()],
    optimizeDeps: { include: browserDeps },
    test: {
      name: `${pkg}:browser`,
      root,
      ...hangGuard,
      ...browserWaits,
      include: ['src/**/*.test.tsx'],
      setupFiles: [path.join(dirname, 'tooling/browser-setup.ts')],
      browser: browser(),
    },
  };
}

/**
 * The admin app's component tests (the order desk): its components in real Chromium with the app's
 * own providers and styles, against a fake of the API that answers and checks through the contract
 * (apps/admin/src/testing/, apps/admin/README.md#component-tests). The router's generator keeps
 * `routeTree.gen.ts` current, as for the admin's unit tests.
 */
function adminComponentTests() {
  return {
    plugins: [tanstackRouterGenerator(), react(), tailwindcss()],
    optimizeDeps: { include: adminBrowserDeps },
    test: {
      name: 'admin:components',
      root: 'apps/admin',
      ...hangGuard,
      ...browserWaits,
      include: ['src/**/*.test.tsx'],
      setupFiles: ['src/testing/setup.ts'],
      browser: browser(),
    },
  };
}

/**
 * The api-server suites that also run on a real Postgres: `pnpm test:postgres` starts a throwaway
 * cluster and sets TEST_DATABASE_URL, which these suites' servers then use instead of PGlite. The
 * project exists only with that variable, so a plain `vitest run` does not run them twice. Add a suite
 * here when what it proves depends on the database (locks, races, several instances).
 */
const postgresSuites = [
  'test/api.test.ts',
  'test/security.test.ts',
  'test/bad-input.test.ts',
  'test/access.test.ts',
  'test/accounts.test.ts',
  'test/list-totals.test.ts',
  'test/buyers.test.ts',
  'test/glance.test.ts',
  'test/postgres.test.ts',
  'test/instances.test.ts',
  'test/live.test.ts',
  'test/shared-state.test.ts',
  'test/oauth-state.test.ts',
  'test/ill-formed-text.test.ts',
  'test/races.test.ts',
  'test/import-limits.test.ts',
  'test/log-crash.test.ts',
  'test/job-fairness.test.ts',
  'test/writeback.test.ts',
  'test/writeback-crash.test.ts',
  'test/sync-crash.test.ts',
  'test/writeback-outage.test.ts',
  'test/shop-authorise.test.ts',
  'test/notifications.test.ts',
  'test/order-entry.test.ts',
  'test/profile.test.ts',
  'test/shop-sync.test.ts',
  'test/shop-sync-accounts.test.ts',
  'test/platform-events.test.ts',
  'test/platform-events-crash.test.ts',
  'test/pdd-messages.test.ts',
  'test/supplier-account.test.ts',
  'test/goods-skus.test.ts',
  'test/goods-copy.test.ts',
  'test/order-lists.test.ts',
  // profit
  'test/profit.test.ts',
  // balance (余额, 充值)
  'test/balance.test.ts',
  'test/topup.test.ts',
  'test/balance-fees.test.ts',
  // 调整余额, the low-balance warning, the ledger's export
  'test/balance-adjust.test.ts',
  // reconcile (充值对账, kill -9 around a notification)
  'test/reconcile.test.ts',
  'test/payment-crash.test.ts',
  // purchase
  'test/purchase.test.ts',
  'test/purchase-crash.test.ts',
  // 子账号 店铺权限
  'test/shop-scope.test.ts',
  // 货源监控 (the recurring look's claim; 1688 product messages making listings due)
  'test/supplier-monitor.test.ts',
  'test/alibaba-messages.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      unit('api-client', 'packages/api-client'),
      unit('ui', 'packages/ui'),
      unit('shell', 'packages/shell'),
      unit('admin', 'apps/admin', [tanstackRouterGenerator()]),
      unit('api-server', 'apps/api-server'),
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...unit('api-server', 'apps/api-server').test,
                name: 'api-server:postgres',
                include: postgresSuites,
              },
            },
          ]
        : []),
      componentTests('ui', 'packages/ui'),
      componentTests('shell', 'packages/shell'),
      adminComponentTests(),
      {
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        optimizeDeps: { include: browserDeps },
        test: {
          name: 'storybook',
          ...hangGuard,
          ...browserWaits,
          // Every story is also a screenshot test against a committed baseline (see the file).
          setupFiles: [
            path.join(dirname, 'tooling/patient-waits.ts'),
            path.join(dirname, 'tooling/storybook-screenshots.ts'),
          ],
          browser: browser(),
        },
      },
    ],
  },
});
