import { type ApiPath, apiRoutes, type RouteContract } from '@consign/api-client/contract';
import { apiKey } from '@consign/api-client/query';
import { describe, expect, it } from 'vitest';
import { REFRESH_AFTER } from './invalidate';
import { createAppQueryClient } from './query-client';

describe('what a write refreshes (invalidate.ts)', () => {
  it('every write of the contract says what it refreshes (sign-in aside)', () => {
    const writes = (Object.keys(apiRoutes) as ApiPath[]).filter(
      (path) => (apiRoutes[path] as RouteContract).audit && path !== '/api/default/login',
    );
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((path) => !(path in REFRESH_AFTER))).toEqual([]);
  });

  it('a mutation keyed by its path refreshes, through the app query client, what its area names', async () => {
    const queryClient = createAppQueryClient();
    const seed = (path: ApiPath, body: object = {}) =>
      queryClient.setQueryData(apiKey(path, body), { seeded: true });
    seed('/api/dashboard/summary');
    seed('/api/order/index', { pageIndex: 1, pageSize: 20 });
    seed('/api/order/after-sale', { pageIndex: 1, pageSize: 20 });
    seed('/api/goods/index', { pageIndex: 1, pageSize: 20 });
    const stale = (path: ApiPath, body: object = {}) =>
      queryClient.getQueryState(apiKey(path, body))?.isInvalidated;

    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: ['/api/order/batch-purchase'], mutationFn: async () => ({}) })
      .execute(undefined);
    expect(stale('/api/dashboard/summary')).toBe(true);
    expect(stale('/api/order/index', { pageIndex: 1, pageSize: 20 })).toBe(true);
    expect(stale('/api/order/after-sale', { pageIndex: 1, pageSize: 20 })).toBe(false);
    expect(stale('/api/goods/index', { pageIndex: 1, pageSize: 20 })).toBe(false);
  });

  it('an answered after-sale refreshes 售后待处理 even when refused; a refused save of a record refreshes nothing', async () => {
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(apiKey('/api/dashboard/summary', {}), { seeded: true });
    queryClient.setQueryData(apiKey('/api/goods/index', {}), { seeded: true });
    const fail = async () => {
      throw new Error('409');
    };
    await expect(
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationKey: ['/api/goods/save'], mutationFn: fail })
        .execute(undefined),
    ).rejects.toThrow('409');
    // A stale save keeps what was typed: the record is not reloaded behind the user's back.
    expect(queryClient.getQueryState(apiKey('/api/goods/index', {}))?.isInvalidated).toBe(false);
    await expect(
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationKey: ['/api/order/after-sale-refund'], mutationFn: fail })
        .execute(undefined),
    ).rejects.toThrow('409');
    expect(queryClient.getQueryState(apiKey('/api/dashboard/summary', {}))?.isInvalidated).toBe(true);
  });
});
