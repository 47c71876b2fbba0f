import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { TITLES } from '../copy';
import { ServerErrorPage } from '../features/errors/server-error-page';
import { shortString } from '../lib/list-search';

/** `error_page` is kept as any string here; the page links it only if it is a same-origin path. */
function searchSchema(search: { error_page?: string } & SearchSchemaInput): { error_page?: string } {
  // Always the key, `undefined` when invalid: the router merges this over the raw search.
  return { error_page: shortString((search as Record<string, unknown>).error_page, 2048) };
}

export const Route = createFileRoute('/500')({
  staticData: { title: TITLES.serverError },
  validateSearch: searchSchema,
  component: ServerError,
});

function ServerError() {
  const { error_page } = Route.useSearch();
  return <ServerErrorPage errorPage={error_page} />;
}
