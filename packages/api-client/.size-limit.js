// Size budgets of @consign/api-client: minified, brotli, with all dependencies. The first check leaves
// out the contract schemas that `validateResponses` loads lazily (an app bundler puts that dynamic
// import in its own chunk, loaded only in development).
const withoutLazySchemas = (config) => ({
  ...config,
  plugins: [
    {
      name: 'lazy-schemas-elsewhere',
      setup(build) {
        build.onResolve({ filter: /\/routes\.js$/ }, () => ({ path: 'routes', namespace: 'lazy' }));
        build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
          contents: 'export const apiRoutes = {};',
        }));
      },
    },
  ],
});

export default [
  {
    name: 'client + pure rules (what the app loads first)',
    path: 'src/index.ts',
    import: '{ createApiClient, roleOf, isBannerActive, isValidMobile, HTTP_STATUS_TEXT }',
    modifyEsbuildConfig: withoutLazySchemas,
    limit: '10 kB',
  },
  {
    name: 'signPayload alone (what a signing server needs)',
    path: 'src/index.ts',
    import: '{ signPayload, verifySignature }',
    limit: '3 kB',
  },
  {
    name: 'everything, contract schemas and zod included',
    path: 'src/index.ts',
    import: '*',
    limit: '40 kB',
  },
  {
    name: 'query entry (react-query excluded)',
    path: 'src/query/index.ts',
    import: '*',
    ignore: ['@tanstack/react-query'],
    limit: '1 kB',
  },
];
