import { companyConfigQuery } from '@consign/api-client/query';
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
  // Start the company config now, before the page's chunk arrives, but never wait for it: the login
  // screen paints at once with blank branding of the final size (no layout shift) and fills it in.
  beforeLoad: ({ context: { queryClient, api } }) => {
    void queryClient.prefetchQuery(companyConfigQuery(api));
  },
  component: LoginPage,
});
