import { ToastHost } from '@consign/ui';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import * as React from 'react';
import type { CaptchaProvider } from '../login/captcha/captcha-provider';
import type { ShellApi } from '../session/shell-api';
import { ShellProvider } from '../session/shell-provider';
import { createFakeApi } from './fixtures';

/** One page of the test route tree: its path segment, title and children. */
interface PageSpec {
  path: string;
  title?: string;
  children?: PageSpec[];
  component?: () => React.ReactNode;
}

function Page({ title }: { title: string }) {
  return (
    <section className="rounded-lg border border-border bg-card p-6">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">页面内容</p>
    </section>
  );
}

function Boom(): React.ReactNode {
  throw new Error('page failed to render');
}

/** A route tree shaped like the admin app's (titles per docs/product.md#screens-and-routes). */
export const pages: PageSpec[] = [
  {
    path: 'dashboard',
    children: [
      { path: 'index', title: '菜单导航' },
      { path: 'guide', title: '新手指引' },
    ],
  },
  {
    path: 'order',
    title: '订单管理',
    children: [
      { path: 'index', title: '代发订单' },
      { path: 'after-sale', title: '售后订单' },
    ],
  },
  {
    path: 'shop',
    title: '店铺管理',
    children: [
      { path: 'setting', title: '店铺设置', children: [{ path: 'group', title: '店铺分组' }] },
      { path: 'goods', title: '商品管理' },
    ],
  },
  {
    path: 'system',
    title: '系统设置',
    children: [
      { path: 'global', title: '全局设置' },
      { path: 'setting', title: '代发设置' },
    ],
  },
  { path: 'account', title: '用户中心' },
  { path: 'boom', title: '出错的页面', component: Boom },
  { path: 'login' },
  { path: 'user-agreement', title: '用户协议' },
  { path: 'privacy-policy', title: '隐私政策' },
];

function buildRoutes(parent: AnyRoute, specs: PageSpec[]): AnyRoute[] {
  return specs.map((spec) => {
    const title = spec.title;
    const route = createRoute({
      getParentRoute: () => parent,
      path: spec.path,
      staticData: title ? { title } : {},
      component:
        spec.component ?? (spec.children ? () => <Outlet /> : () => <Page title={title ?? spec.path} />),
    });
    return spec.children ? route.addChildren(buildRoutes(route, spec.children)) : route;
  });
}

/** A memory router whose root renders `root` (which places an `<Outlet />` for the pages, if any). */
export function createTestRouter(root: () => React.ReactNode, initialPath = '/') {
  const rootRoute = createRootRoute({ component: root });
  const routeTree = rootRoute.addChildren(buildRoutes(rootRoute, pages));
  return createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [initialPath] }),
    defaultPendingMinMs: 0,
  });
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

export interface ShellHarnessProps {
  /** What the root route renders; put `<Outlet />` where the pages go. */
  root: () => React.ReactNode;
  initialPath?: string;
  api?: ShellApi;
  captcha?: CaptchaProvider;
  queryClient?: QueryClient;
  /** Receives the router, so that tests can read the location. */
  onRouter?: (router: ReturnType<typeof createTestRouter>) => void;
}

/** Query client + ShellProvider + memory router + toaster: what an app provides around the shell. */
export function ShellHarness({
  root,
  initialPath = '/',
  api,
  captcha,
  queryClient,
  onRouter,
}: ShellHarnessProps) {
  const [state] = React.useState(() => {
    const router = createTestRouter(root, initialPath);
    onRouter?.(router);
    return { router, client: queryClient ?? createTestQueryClient(), api: api ?? createFakeApi() };
  });
  return (
    <QueryClientProvider client={state.client}>
      <ShellProvider api={state.api} captcha={captcha}>
        <RouterProvider router={state.router} />
        <ToastHost />
      </ShellProvider>
    </QueryClientProvider>
  );
}

export interface RouterStoryParameters {
  /** The path the memory router starts at. */
  path?: string;
  api?: ShellApi;
}

/**
 * Storybook decorator: renders the story as the root route of a memory router (the story places an
 * `<Outlet />` for the pages), inside a QueryClient and a ShellProvider with a fake API.
 * Parameters: `router: { path, api }`.
 */
export const withShellRouter: Decorator = (Story, context) => {
  const params = (context.parameters.router ?? {}) as RouterStoryParameters;
  return (
    <ShellHarness
      key={context.id}
      root={() => <Story />}
      initialPath={params.path ?? '/'}
      api={params.api ?? createFakeApi()}
    />
  );
};
