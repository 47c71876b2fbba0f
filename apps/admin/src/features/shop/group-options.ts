import { listQuery } from '@consign/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api';

/** The company's shop groups for a filter or a picker (the first 100; the API's page limit). */
export function useGroupOptions(): { id: number; name: string }[] {
  const query = useQuery({
    ...listQuery(useApi(), '/api/shop/group-index', { pageIndex: 1, pageSize: 100 }),
    select: (page) => page.list.map((group) => ({ id: group.id, name: group.name })),
  });
  return query.data ?? [];
}
