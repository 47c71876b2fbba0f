import { useMatches } from '@tanstack/react-router';
import { useDocumentTitle } from './document-title';
import { deepestTitle, type TitledMatchLike } from './titles';

export { useDocumentTitle };

/** The `staticData` the shell reads from each route (an app may declare it on its router's types). */
export interface ShellStaticData {
  /** Page title: document title, breadcrumb entry. */
  title?: string;
}

/** The title of the deepest route match that has `staticData.title`. */
export function useRouteTitle(): string | undefined {
  return useMatches({ select: (matches) => deepestTitle(matches as unknown as TitledMatchLike[]) });
}

export interface DocumentTitleProps {
  /** The page title; default: the deepest titled route match. */
  title?: string;
  /** The brand, usually the company config's `short_name`. */
  shortName?: string;
}

/** Renders nothing; keeps `document.title` in step with the route (or the given title). */
export function DocumentTitle({ title, shortName }: DocumentTitleProps) {
  const routeTitle = useRouteTitle();
  useDocumentTitle(title ?? routeTitle, shortName);
  return null;
}
