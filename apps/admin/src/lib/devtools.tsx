import { lazy, Suspense } from 'react';

/**
 * TanStack Router and Query devtools, in development only: `import.meta.env.DEV` is a constant `false`
 * in a production build, so the lazy imports below are dropped and no devtools code is bundled.
 */
const LazyDevtools = import.meta.env.DEV
  ? lazy(async () => {
      const [router, query] = await Promise.all([
        import('@tanstack/react-router-devtools'),
        import('@tanstack/react-query-devtools'),
      ]);
      return {
        default: () => (
          <>
            <router.TanStackRouterDevtools position="bottom-right" />
            <query.ReactQueryDevtools buttonPosition="bottom-left" />
          </>
        ),
      };
    })
  : null;

export function Devtools() {
  if (!LazyDevtools) return null;
  return (
    <Suspense fallback={null}>
      <LazyDevtools />
    </Suspense>
  );
}
