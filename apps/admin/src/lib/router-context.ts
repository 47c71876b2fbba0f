import type { QueryClient } from '@tanstack/react-query';
import type { AppApi } from './api';

/** What every route's `beforeLoad` and `loader` receive (`createRootRouteWithContext`). */
export interface RouterContext {
  queryClient: QueryClient;
  api: AppApi;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title: document title `{title} - {short_name}` and a breadcrumb item. */
    title?: string;
  }
}
