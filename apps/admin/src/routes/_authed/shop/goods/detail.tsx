import { apiQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { positiveInt } from '../../../../common/list/define-list';
import { GoodsDetailPage } from '../../../../features/shop/goods-detail-page';

export const Route = createFileRoute('/_authed/shop/goods/detail')({
  staticData: { title: '商品编辑' },
  // `?id=12`: the product to edit; a bad id reads as none.
  validateSearch: v.object({ id: v.fallback(v.optional(positiveInt(2_147_483_647)), undefined) }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context: { queryClient, api }, deps }) => {
    // A missing product is not a route error: the page says so.
    if (deps.id !== undefined)
      await queryClient
        .ensureQueryData(apiQuery(api, '/api/goods/detail', { id: deps.id }))
        .catch(() => undefined);
  },
  component: GoodsDetailPage,
});
