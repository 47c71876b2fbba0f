import { type RegisteredRouter, useMatches, useRouter } from '@tanstack/react-router';

type RouteId = keyof RegisteredRouter['routesById'];

/**
 * The page's title: the `staticData.title` of the deepest matched route that has one. A page's title
 * is written once, in its route file (README, "Adding a page"); the heading, the menu, the breadcrumb
 * and the document title all read it from there.
 */
export function usePageTitle(): string {
  return useMatches({
    select: (matches) => matches.findLast((match) => match.staticData?.title)?.staticData.title ?? '',
  });
}

/** The title another route declares (a link to a sibling page named as its page is). */
export function useTitleOf(id: RouteId): string {
  return useRouter().routesById[id]?.options.staticData?.title ?? '';
}
