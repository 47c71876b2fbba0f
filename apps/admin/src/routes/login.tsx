import { companyConfigQuery } from '@consign/api-client/query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { TITLES } from '../copy';
import { LoginPage } from '../features/login/login-page';
import { shortString } from '../lib/list-search';

/** `redirect` is any string here; the login screen follows it only if it is a same-origin path. */
function searchSchema(search: { redirect?: string } & SearchSchemaInput): { redirect?: string } {
  // Always the key, `undefined` when invalid: the router merges this over the raw search.
  return { redirect: shortString((search as Record<string, unknown>).redirect, 2048) };
}

export const Route = createFileRoute('/login')({
  staticData: { title: TITLES.login },
  validateSearch: searchSchema,
  // Start the company config now, before the page's chunk arrives, but never wait for it: the login
  // screen paints at once with blank branding of the final size (no layout shift) and fills it in.
  beforeLoad: ({ context: { queryClient, api } }) => {
    void queryClient.prefetchQuery(companyConfigQuery(api));
  },
  component: LoginPage,
});
