import type { ApiClient } from '@consign/api-client';
import type { QueryClient } from '@tanstack/react-query';

/** What every route's `beforeLoad` and `loader` receive (`createRootRouteWithContext`). */
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title: document title `{title} - {short_name}` and a breadcrumb item. */
    title?: string;
  }
}
