import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiNotification, createApiClient } from '../src';
import { apiKey, apiQuery, companyConfigQuery, currentUserQuery, listQuery } from '../src/query';
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
        queryClient.fetchQuery(listQuery(api, '/api/order/index', { pageIndex: 1, pageSize: 20 })),
      ),
    );
    expect(results[0]).toEqual({ list: [], total: 0 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/api/order/index');
  });

  it('treat empty filters as absent in the key and the body', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { list: [], total: 0 } } }));
    const { api, queryClient } = setup();
    const withEmpty = listQuery(api, '/api/order/index', {
      pageIndex: 2,
      pageSize: 20,
      status: '',
      keyword: '',
    });
    const without = listQuery(api, '/api/order/index', { pageIndex: 2, pageSize: 20 });
    expect(withEmpty.queryKey).toEqual(without.queryKey);
    await queryClient.fetchQuery(withEmpty);
    expect(server.requests[0]?.json).toMatchObject({ pageIndex: 2, pageSize: 20 });
    expect(server.requests[0]?.json).not.toHaveProperty('status');
    expect(listQuery(api, '/api/order/index', { pageIndex: 3, pageSize: 20 }).queryKey).not.toEqual(
      without.queryKey,
    );
    expect(without.queryKey).toEqual(['/api/order/index', { pageIndex: 2, pageSize: 20 }]);
  });

  it('load the current user and the config silently', async () => {
    server.handle(() => ({ body: { errorCode: 1, msg: 'boom' } }));
    const { api, notes, queryClient } = setup();
    await expect(queryClient.fetchQuery(currentUserQuery(api))).rejects.toThrow('boom');
    await expect(queryClient.fetchQuery(companyConfigQuery(api))).rejects.toThrow('boom');
    expect(notes).toEqual([]);
  });

  it('key a read by its path, body and query; apiKey(path) invalidates every read of a path', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { list: [], total: 0 } } }));
    const { api, queryClient } = setup();
    await queryClient.fetchQuery(listQuery(api, '/api/goods/index', { pageIndex: 1, pageSize: 20 }));
    await queryClient.fetchQuery(listQuery(api, '/api/goods/index', { pageIndex: 2, pageSize: 20 }));
    server.handle(() => ({ body: { errorCode: 0, data: { id: 9 } } }));
    await queryClient.fetchQuery(apiQuery(api, '/api/goods/detail', { id: 9 }));
    server.handle(() => ({ body: { errorCode: 0, data: [] } }));
    const auths = apiQuery(api, '/api/company/platform-auth-list', {}, { query: { platform_id: 4 } });
    expect(auths.queryKey).toEqual(['/api/company/platform-auth-list', {}, { platform_id: 4 }]);
    await queryClient.fetchQuery(auths);
    expect(server.requests.at(-1)?.query.get('platform_id')).toBe('4');
    await queryClient.invalidateQueries({ queryKey: apiKey('/api/goods/index') });
    const lists = queryClient.getQueryCache().findAll({ queryKey: apiKey('/api/goods/index') });
    expect(lists).toHaveLength(2);
    expect(lists.every((query) => query.state.isInvalidated)).toBe(true);
    const detail = queryClient.getQueryCache().find({ queryKey: apiKey('/api/goods/detail', { id: 9 }) });
    expect(detail?.state.isInvalidated).toBe(false);
    expect(detail?.state.data).toEqual({ id: 9 });
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
