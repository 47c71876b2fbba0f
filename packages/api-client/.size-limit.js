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
    // 9.1 kB; 9.23 kB since the request code (signature with spark-md5, ofetch, envelope) is
    // transport.ts, which esbuild counts here although an app bundler splits it off and loads it with the
    // first request (the admin's /login downloads it only when the user asks for a code).
    limit: '9.5 kB',
  },
  {
    name: 'the whole client entry, lazy schemas left out (zod is never imported statically)',
    path: 'src/index.ts',
    import: '*',
    modifyEsbuildConfig: withoutLazySchemas,
    // 10.6 kB before order fulfilment, 11.8 kB with its 14 calls and zod-free rules (the carriers and
    // their tracking formats, the step rules and messages the admin app and server share), 12.35 kB
    // with seven calls of buyers, blacklist, receivers, address and the dashboard summary, 12.4 kB with
    // the platforms' routes (one typed `call` now, no endpoint groups) and the enum labels, 13.2 kB with
    // 1688 purchasing, 商品复制 and 平台精选, cost and profit, and the balance (their routes, labels and
    // the copy price rule), 14.5 kB with money as a permission (the finance rules the server and the
    // pages share), 规格匹配 (matchSpec), the client's idempotency keys, 1688 payment and 店铺权限;
    // 14.97 kB, 15.26 kB with transport.ts (the request code, loaded on first use in an app); 15.76 kB
    // with 铺货 (publish, listings), the live stream's topics, 工作台's checklist and the export columns;
    // 15.45 kB with the export columns in the contract entry only (the export menu, 下载中心, the server).
    limit: '15.9 kB',
  },
  {
    name: 'signPayload alone from the client entry (tree-shaking check)',
    path: 'src/index.ts',
    import: '{ signPayload, verifySignature }',
    limit: '3 kB',
  },
  {
    // Measured 3.1 kB. zod is over 10 kB, so it would break this.
    name: 'the sign entry, all of it: spark-md5 and nothing else (zod would not fit)',
    path: 'src/sign.ts',
    import: '*',
    limit: '3.5 kB',
  },
  {
    name: 'the contract entry: every zod schema, zod included (what the server loads)',
    path: 'src/contract/index.ts',
    import: '*',
    // 30.1 kB before order fulfilment, 32.1 kB with its schemas; 36.8 kB with the platforms' 17 routes
    // (shop authorisation and sync, 发货回传, 查看完整收货信息, 手工建单 and 导入订单, notifications,
    // 用户中心, 售后处理记录) and the operation log's labels; 40.0 kB with 1688 purchasing, 商品复制 and
    // 平台精选, cost and profit, and the balance; 42.3 kB with money as a permission, 店铺权限, idempotent
    // creates, 1688 payment, 抖店's 服务ID and 规格匹配; 43.3 kB with the order filters declared once
    // (their words for 下载中心), 异常订单, 备用货源 and the platform call budgets; 44.06 kB with 工作台's
    // balance, shop counts and checklist; 44.96 kB with 铺货's four routes, the live stream, the export
    // columns and the 1688 and 拼多多 message settings; 45.6 kB with 铺货's publish options and the
    // copy's target shops, 货源监控's rules and listing fields, and the order columns declared once.
    // Only the server and the admin's route validation in development load this entry.
    limit: '46.2 kB',
  },
  {
    name: 'query entry (react-query excluded)',
    path: 'src/query/index.ts',
    import: '*',
    ignore: ['@tanstack/react-query'],
    // 0.95 kB before 买家管理, 1.06 kB with the query options of 买家管理, 黑名单, 地址管理 and the
    // 工作台 summary (one small factory per list, as for every other list).
    limit: '1.2 kB',
  },
];
