import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useShell } from './shell-provider';
import { tokenStorage } from './token-storage';

/**
 * Logs out: tells the server (silently; a failure changes nothing), drops the token, goes to
 * `/login` and clears the query cache, so that the next user sees none of this one's data.
 */
export function useLogout(loginPath = '/login'): () => Promise<void> {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    try {
      await api.call('/api/default/logout', {}, { silent: true });
    } catch {
      // The token goes anyway.
    }
    tokenStorage.clear();
    await router.navigate({ href: loginPath, replace: true });
    queryClient.clear();
  }, [api, queryClient, router, loginPath]);
}
