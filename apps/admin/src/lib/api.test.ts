import type { ApiClient } from '@consign/api-client';
import { describe, expect, it, vi } from 'vitest';
import { lazyApi } from './api';

/** A stand-in with the two shapes the proxy forwards: a group call and `post`. */
function fakeClient() {
  return {
    user: { info: vi.fn(async (body: unknown) => ({ id: 1, body })) },
    post: vi.fn(async (path: string) => ({ path })),
  } as unknown as ApiClient & {
    user: { info: ReturnType<typeof vi.fn> };
    post: ReturnType<typeof vi.fn>;
  };
}

describe('lazyApi', () => {
  it('loads the client on the first call only and forwards every argument', async () => {
    const client = fakeClient();
    const load = vi.fn(async () => client);
    const api = lazyApi(load);
    expect(load).not.toHaveBeenCalled();
    const signal = new AbortController().signal;
    await expect(api.user.info({}, { silent: true, signal })).resolves.toEqual({ id: 1, body: {} });
    await api.post('/api/x', { a: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.user.info).toHaveBeenCalledWith({}, { silent: true, signal });
    expect(client.post).toHaveBeenCalledWith('/api/x', { a: 1 }, undefined);
  });

  it('gives the same function for the same call, so it can be a stable dependency', () => {
    const api = lazyApi(async () => fakeClient());
    expect(api.user.info).toBe(api.user.info);
    expect(api.user).toBe(api.user);
  });

  it('is not a thenable (awaiting it does not hang or call anything)', async () => {
    const load = vi.fn(async () => fakeClient());
    const api = lazyApi(load);
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(api)).resolves.toBe(api);
    expect(load).not.toHaveBeenCalled();
  });

  it('passes the call error through, and retries a failed chunk load on the next call', async () => {
    const client = fakeClient();
    client.user.info.mockRejectedValueOnce(new Error('api error'));
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(client);
    const api = lazyApi(load);
    await expect(api.user.info()).rejects.toThrow('chunk failed');
    await expect(api.user.info()).rejects.toThrow('api error');
    await expect(api.user.info()).resolves.toMatchObject({ id: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refuses a call the client does not have', async () => {
    const api = lazyApi(async () => fakeClient()) as unknown as Record<
      string,
      Record<string, () => Promise<unknown>>
    >;
    await expect(api.user?.nothing?.()).rejects.toThrow(TypeError);
  });
});
