/** What the shell reads from a route match: its pathname and its `staticData.title`. */
export interface TitledMatchLike {
  id: string;
  pathname: string;
  staticData?: { title?: unknown } | undefined;
}

export interface TitledMatch {
  id: string;
  pathname: string;
  title: string;
}

/** The matches that carry a non-empty `staticData.title`, outermost first. */
export function titledMatches(matches: readonly TitledMatchLike[]): TitledMatch[] {
  const out: TitledMatch[] = [];
  for (const match of matches) {
    const title = match.staticData?.title;
    if (typeof title === 'string' && title.trim() !== '') {
      out.push({ id: match.id, pathname: match.pathname, title });
    }
  }
  return out;
}

/** The title of the deepest titled match, if any. */
export function deepestTitle(matches: readonly TitledMatchLike[]): string | undefined {
  return titledMatches(matches).at(-1)?.title;
}

/** The breadcrumb shows only when more than one titled route matches (docs/product.md#screens-and-routes). */
export function breadcrumbTrail(matches: readonly TitledMatchLike[]): TitledMatch[] {
  const titled = titledMatches(matches);
  return titled.length > 1 ? titled : [];
}

/**
 * `{page title} - {short name}`; just one of them when the other is missing; `fallback` when both are.
 */
export function formatDocumentTitle(
  pageTitle: string | undefined | null,
  shortName: string | undefined | null,
  fallback = '',
): string {
  const page = pageTitle?.trim() ?? '';
  const brand = shortName?.trim() ?? '';
  if (page && brand) return `${page} - ${brand}`;
  return page || brand || fallback;
}
