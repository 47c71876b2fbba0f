import type { ApiClient } from '@consign/api-client';
import type { QueryClient } from '@tanstack/react-query';
import type { PageAccess } from './access';
import type { MenuIcon } from './menu';

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
    /**
     * Where the page sits in the sidebar menu and 工作台's grid (lib/menu.ts): `order` among its
     * siblings; `icon` (a name of menu.ts's `MENU_ICONS`) makes the route a menu group (`/order`),
     * whose pages are the routes with a placement under its path. Absent: not in the menu.
     */
    menu?: { order: number; icon?: MenuIcon };
    /**
     * The 帮助中心 article about this page (its id in features/help/articles.ts): the header's 帮助 opens
     * `/dashboard/help#<help>` of the deepest matched route that names one, else 帮助中心's top.
     */
    help?: string;
  }
}
