/**
 * What the platform put on the address it sent the browser back to. The route reads it, so it lives
 * apart from the page: a route's options load with every page, its component only on this one.
 */
export interface AuthorisedSearch {
  code?: string;
  state?: string;
  error?: string;
}

export function parseAuthorisedSearch(search: Record<string, unknown>): AuthorisedSearch {
  const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 512) : undefined);
  return { code: text(search.code), state: text(search.state), error: text(search.error) };
}
