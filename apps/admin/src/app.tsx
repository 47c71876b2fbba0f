import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { AppProviders } from './lib/app-providers';
import { createAppRouter } from './lib/router';

/** The app: router, query client and API client, rendered into `root` at the current URL. */
export function mountApp(root: Root): void {
  const { router, queryClient, api } = createAppRouter();
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppProviders api={api}>
          <RouterProvider router={router} />
        </AppProviders>
      </QueryClientProvider>
    </StrictMode>,
  );
}
