import type { ApiClient } from '@consign/api-client';
import type { QueryClient } from '@tanstack/react-query';
import type { PageAccess } from './access';

/** What every route's `beforeLoad` and `loader` receive (`createRootRouteWithContext`). */
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
}

declare module '@tanstack/react-router' {
  /**
   * What a route says about its page, beside its code: the title, and who may open it (`permission`,
   * `authority`; see access.ts). A layout route's rule covers every page below it.
   */
  interface StaticDataRouteOption extends PageAccess {
    /** The page title: document title `{title} - {short_name}` and a breadcrumb item. */
    title?: string;
  }
}
