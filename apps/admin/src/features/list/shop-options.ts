import { listQuery } from '@consign/api-client/query';
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
