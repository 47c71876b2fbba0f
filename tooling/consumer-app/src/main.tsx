import 'app-styles.css';
import { createApiClient } from '@consign/api-client';
import { companyConfigQuery, currentUserQuery } from '@consign/api-client/query';
import { AuthenticatedShell, LoginScreen, type MenuItem, ShellProvider } from '@consign/shell';
import { Button, Card, CardContent, CardHeader, CardTitle, ToastHost } from '@consign/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { Settings, ShoppingCart } from 'lucide-react';
import { createRoot } from 'react-dom/client';
import { fakeFetch } from './fake-backend.js';

const api = createApiClient({ secret: 'consumer-secret', fetch: fakeFetch });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

const menu: MenuItem[] = [
  {
    title: '订单管理',
    path: '/order',
    icon: ShoppingCart,
    children: [{ title: '代发订单', path: '/order/index' }],
  },
  {
    title: '系统设置',
    path: '/system',
    icon: Settings,
    children: [{ title: '代发设置', path: '/system/setting' }],
  },
];

function Home() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>首页</CardTitle>
      </CardHeader>
      <CardContent>
        <Button variant="primary">新建订单</Button>
      </CardContent>
    </Card>
  );
}

const root = createRootRoute({ component: Outlet });
const login = createRoute({
  getParentRoute: () => root,
  path: 'login',
  component: () => <LoginScreen autoplay={false} />,
});
const authed = createRoute({
  getParentRoute: () => root,
  id: 'authed',
  component: () => (
    <AuthenticatedShell menu={menu}>
      <Outlet />
    </AuthenticatedShell>
  ),
});
const home = createRoute({
  getParentRoute: () => authed,
  path: '/',
  staticData: { title: '首页' },
  component: Home,
});
const router = createRouter({ routeTree: root.addChildren([login, authed.addChildren([home])]) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <QueryClientProvider client={queryClient}>
    <ShellProvider
      api={api}
      queries={{ currentUser: currentUserQuery(api), companyConfig: companyConfigQuery(api) }}
    >
      <RouterProvider router={router} />
      <ToastHost />
    </ShellProvider>
  </QueryClientProvider>,
);
