import { MAX_PAGE_SIZE } from '@consign/api-client';
import { apiKey, listQuery } from '@consign/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api';

/** The company's shops for a filter or a picker (the first 100; the API's page limit). */
export function useShopOptions(enabled = true): { id: number; name: string }[] {
  const query = useQuery({
    enabled,
    ...listQuery(useApi(), '/api/shop/index', { pageIndex: 1, pageSize: 100 }),
    staleTime: 60_000,
    select: (page) => page.list.map((shop) => ({ id: shop.id, name: shop.name })),
  });
  return query.data ?? [];
}

/** At most this many pages of shops are read for {@link useAllShopOptions} (10,000 shops). */
const ALL_SHOPS_PAGES = 100;

/**
 * Every shop the user reaches, page after page of 100, for a picker that must offer any of them
 * (子账号's 店铺权限: an owner with more than 100 shops gives any of them). Shares the shop list's
 * cache key, so a shop added or removed reloads it.
 */
export function useAllShopOptions(enabled = true): { id: number; name: string }[] {
  const api = useApi();
  const query = useQuery({
    enabled,
    queryKey: [...apiKey('/api/shop/index'), 'all'],
    queryFn: async () => {
      const shops: { id: number; name: string }[] = [];
      for (let pageIndex = 1; pageIndex <= ALL_SHOPS_PAGES; pageIndex++) {
        const page = await api.call('/api/shop/index', { pageIndex, pageSize: MAX_PAGE_SIZE });
        shops.push(...page.list.map((shop) => ({ id: shop.id, name: shop.name })));
        if (page.list.length < MAX_PAGE_SIZE || shops.length >= page.total) break;
      }
      return shops;
    },
    staleTime: 60_000,
  });
  return query.data ?? [];
}
