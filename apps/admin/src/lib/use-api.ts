import type { ApiClient } from '@consign/api-client';
import { useRouteContext } from '@tanstack/react-router';

/** The app's API client, from the router context. */
export function useApi(): ApiClient {
  return useRouteContext({ from: '__root__', select: (context) => context.api });
}
