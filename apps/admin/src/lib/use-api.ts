import { useRouteContext } from '@tanstack/react-router';
import type { AppApi } from './api';

/** The app's API client, from the router context. */
export function useApi(): AppApi {
  return useRouteContext({ from: '__root__', select: (context) => context.api });
}
