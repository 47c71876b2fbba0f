import type { ApiClient } from '@consign/api-client';

export type AppApi = ApiClient;

/**
 * The API client, loaded on its first call. The client carries the contract's zod schemas, ofetch and
 * sonner: about 40 KB gzip that no page needs to paint. The first call (the login page's company
 * config, the shell's current user) fetches the chunk while React renders, so the chunk and the first
 * request overlap with the paint instead of delaying it. Every call keeps the client's exact types.
 */
export function lazyApi(load: () => Promise<ApiClient>): ApiClient {
  let loading: Promise<ApiClient> | undefined;
  const client = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk load (offline) may be retried by the next call
      throw error;
    });
    return loading;
  };
  const groups = new Map<string, unknown>();
  const group = (name: string) => {
    let value = groups.get(name);
    if (!value) {
      const methods = new Map<string, unknown>();
      value = new Proxy(
        {},
        {
          get(_target, method) {
            if (typeof method !== 'string' || method === 'then') return undefined;
            let fn = methods.get(method);
            if (!fn) {
              fn = (...args: unknown[]) =>
                client().then((api) => {
                  const target = (
                    api as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>
                  )[name]?.[method];
                  if (typeof target !== 'function')
                    throw new TypeError(`api.${name}.${method} is not a call`);
                  return target(...args);
                });
              methods.set(method, fn);
            }
            return fn;
          },
        },
      );
      groups.set(name, value);
    }
    return value;
  };
  const post: ApiClient['post'] = (path, body, options) =>
    client().then((api) => api.post(path, body, options));
  return new Proxy({} as ApiClient, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return name === 'post' ? post : group(name);
    },
  });
}
