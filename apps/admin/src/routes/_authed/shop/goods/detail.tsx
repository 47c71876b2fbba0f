import { goodsDetailQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../../copy';
import { GoodsDetailPage } from '../../../../features/shop/goods-detail-page';
import { goodsDetailSearchSchema } from '../../../../features/shop/search-schema';

export const Route = createFileRoute('/_authed/shop/goods/detail')({
  staticData: { title: TITLES.shopGoodsDetail },
  validateSearch: goodsDetailSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context: { queryClient, api }, deps }) => {
    // A missing product is not a route error: the page says so.
    if (deps.id !== undefined)
      await queryClient.ensureQueryData(goodsDetailQuery(api, deps.id)).catch(() => undefined);
  },
  component: GoodsDetailPage,
});
