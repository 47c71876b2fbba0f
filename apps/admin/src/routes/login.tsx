import { companyConfigQuery } from '@consign/api-client/query';
import { readCachedCompanyConfig } from '@consign/shell';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { TITLES } from '../copy';
import { LoginPage } from '../features/login/login-page';
import { shortString } from '../lib/list-search';

/** `redirect` is any string here; the login screen follows it only if it is a same-origin path. */
function searchSchema(search: { redirect?: string } & SearchSchemaInput): { redirect?: string } {
  // Always the key, `undefined` when invalid: the router merges this over the raw search.
  return { redirect: shortString((search as Record<string, unknown>).redirect, 2048) };
}

/** Longest wait for the branding before the login screen paints without it. */
const CONFIG_WAIT_MS = 1500;

export const Route = createFileRoute('/login')({
  staticData: { title: TITLES.login },
  validateSearch: searchSchema,
  beforeLoad: async ({ context: { queryClient, api } }) => {
    const config = queryClient.ensureQueryData(companyConfigQuery(api)).catch(() => undefined);
    // A first visit has no cached branding: wait for it (briefly), so that the logo, the name and the
    // footer do not shift the form once they arrive. A returning visitor paints from the cache at once.
    if (!readCachedCompanyConfig()) {
      await Promise.race([config, new Promise((resolve) => setTimeout(resolve, CONFIG_WAIT_MS))]);
    }
  },
  component: LoginPage,
});
