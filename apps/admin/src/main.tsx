import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './lib/app-providers';
import { createAppRouter } from './lib/router';

/** The entry: the router, its query client and its API client, rendered at the current URL. */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const { router, queryClient, api } = createAppRouter();
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppProviders api={api}>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>
  </StrictMode>,
);
