import { companyConfigQuery } from '@consign/api-client/query';
import { initialCompanyConfig } from '@consign/shell';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '../features/login/login-page';

/** `redirect` is any string here; the login screen follows it only if it is a same-origin path. */
const searchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2048))), undefined),
});

export const Route = createFileRoute('/login')({
  staticData: { title: '登录' },
  validateSearch: searchSchema,
  // The company config from where the login screen starts it (the copy the server embedded in the
  // page: fresh, no call; else the last visit's copy or nothing: fetched now, before the page's chunk
  // arrives), never waited for: the screen paints at once with blank branding of the final size (no
  // layout shift) and fills it in. A page with the embedded copy calls nothing before the user does.
  beforeLoad: ({ context: { queryClient, api } }) => {
    const initial = initialCompanyConfig();
    void queryClient.prefetchQuery({
      ...companyConfigQuery(api),
      initialData: initial.config,
      initialDataUpdatedAt: initial.updatedAt,
    });
  },
  component: LoginPage,
});
