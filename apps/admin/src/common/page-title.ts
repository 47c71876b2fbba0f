import { createContext, useContext } from 'react';

/**
 * The title of the page on screen: the `staticData.title` of the deepest matched route that has one,
 * provided by the signed-in layout (`features/layout/authed-layout.tsx`, the shell's `useRouteTitle`).
 * A page's title is written once, in its route file (README, "Adding a page"); its heading, the menu,
 * the breadcrumb and the document title all read it from there. A context rather than a router hook
 * here, so a page's chunk that needs nothing else of the router does not import it.
 */
export const PageTitleContext = createContext('');

export function usePageTitle(): string {
  return useContext(PageTitleContext);
}
