import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the signed-in shell live (lib/live.ts): one `/api/live/stream` stream while mounted. Its code loads
 * after the shell, as its own chunk, so /login and the first paint of a page do not carry it.
 */
export function useLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    void import('../lib/live').then(({ startLive }) => {
      if (!unmounted) stop = startLive(queryClient);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
}
