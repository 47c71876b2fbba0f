import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiNotification, createApiClient } from '../src';
import {
  companyConfigQuery,
  currentUserQuery,
  goodsDetailQuery,
  goodsListQuery,
  orderListQuery,
  queryKeys,
} from '../src/query';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function setup() {
  const notes: ApiNotification[] = [];
  const api = createApiClient({ baseURL: server.origin, secret: 's', notify: (note) => notes.push(note) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { api, notes, queryClient };
}

describe('query factories', () => {
  it('fetch through the client and share one request per key', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { list: [], total: 0 } }, delayMs: 30 }));
    const { api, queryClient } = setup();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        queryClient.fetchQuery(orderListQuery(api, { pageIndex: 1, pageSize: 20 })),
      ),
    );
    expect(results[0]).toEqual({ list: [], total: 0 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/api/order/index');
  });

  it('treat empty filters as absent in the key and the body', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { list: [], total: 0 } } }));
    const { api, queryClient } = setup();
    const withEmpty = orderListQuery(api, { pageIndex: 2, pageSize: 20, status: '', keyword: '' });
    const without = orderListQuery(api, { pageIndex: 2, pageSize: 20 });
    expect(withEmpty.queryKey).toEqual(without.queryKey);
    await queryClient.fetchQuery(withEmpty);
    expect(server.requests[0]?.json).toMatchObject({ pageIndex: 2, pageSize: 20 });
    expect(server.requests[0]?.json).not.toHaveProperty('status');
    expect(orderListQuery(api, { pageIndex: 3, pageSize: 20 }).queryKey).not.toEqual(without.queryKey);
  });

  it('load the current user and the config silently', async () => {
    server.handle(() => ({ body: { errorCode: 1, msg: 'boom' } }));
    const { api, notes, queryClient } = setup();
    await expect(queryClient.fetchQuery(currentUserQuery(api))).rejects.toThrow('boom');
    await expect(queryClient.fetchQuery(companyConfigQuery(api))).rejects.toThrow('boom');
    expect(notes).toEqual([]);
  });

  it('invalidate a whole area by its prefix key', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { list: [], total: 0 } } }));
    const { api, queryClient } = setup();
    await queryClient.fetchQuery(goodsListQuery(api, { pageIndex: 1, pageSize: 20 }));
    server.handle(() => ({ body: { errorCode: 0, data: { id: 9 } } }));
    await queryClient.fetchQuery(goodsDetailQuery(api, 9));
    await queryClient.invalidateQueries({ queryKey: queryKeys.goods.all });
    const states = queryClient.getQueryCache().findAll({ queryKey: queryKeys.goods.all });
    expect(states).toHaveLength(2);
    expect(states.every((query) => query.state.isInvalidated)).toBe(true);
    expect(queryClient.getQueryData(queryKeys.goods.detail(9))).toEqual({ id: 9 });
  });

  it('disable the goods detail until there is an id', () => {
    const { api } = setup();
    expect(goodsDetailQuery(api, 0).enabled).toBe(false);
    expect(goodsDetailQuery(api, Number.NaN).enabled).toBe(false);
    expect(goodsDetailQuery(api, 3).enabled).toBe(true);
  });
});

describe('package boundaries', () => {
  it('the main entry imports no React, router, toast or query library', () => {
    const root = join(import.meta.dirname, '../src');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.bench.ts'))
      .filter((file) => !file.startsWith('query'));
    expect(files.length).toBeGreaterThan(10);
    const external = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      for (const match of source.matchAll(/from '([^']+)'/g)) {
        const specifier = match[1] ?? '';
        if (!specifier.startsWith('.')) external.add(`${specifier} (${relative(root, join(root, file))})`);
      }
    }
    const packages = [...external].map((entry) => entry.split(' ')[0]);
    expect(new Set(packages)).toEqual(new Set(['ofetch', 'spark-md5', 'zod']));
  });
});
