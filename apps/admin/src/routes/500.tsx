import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ServerErrorPage } from '../features/errors/server-error-page';
import { ERROR_TEXT } from '../texts';

/** `error_page` is kept as any string here; the page links it only if it is a same-origin path. */
const searchSchema = v.object({
  error_page: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2048))), undefined),
});

export const Route = createFileRoute('/500')({
  staticData: { title: ERROR_TEXT.titles[500] },
  validateSearch: searchSchema,
  component: ServerError,
});

function ServerError() {
  const { error_page } = Route.useSearch();
  return <ServerErrorPage errorPage={error_page} />;
}
