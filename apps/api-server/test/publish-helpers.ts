import type { Listing } from '@consign/api-client';
import type { TestServer } from './helpers';

/** A seller account of a 铺货 suite: its signed-in client and its authorised shop. */
export interface Seller {
  token: string;
  api: ReturnType<TestServer['client']>;
  accountId: number;
  shopId: number;
}

/** The 1688 offer page of `id`, as a seller pastes it into 商品复制. */
export const link = (id: string) => `https://detail.1688.com/offer/${id}.html`;

/** Copies the offer (the real copy job) and answers the goods id. */
export async function copied(seller: Seller, offerId: string): Promise<number> {
  await seller.api.call('/api/copy/create', { shop_id: seller.shopId, urls: [link(offerId)] });
  for (let i = 0; i < 600; i++) {
    const { list } = await seller.api.call('/api/copy/index', { pageIndex: 1, pageSize: 1 });
    const job = list[0];
    if (job?.status === 'succeeded' && job.goods_id) return job.goods_id;
    if (job?.status === 'failed') throw new Error(job.error ?? 'copy failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('copy did not finish');
}

/** The goods' listing once its state is one of `states`. */
export async function listingOnce(
  seller: Seller,
  goodsId: number,
  states: Listing['status'][],
): Promise<Listing> {
  let last: Listing | undefined;
  for (let i = 0; i < 800; i++) {
    const { list } = await seller.api.call('/api/goods/listings', {
      pageIndex: 1,
      pageSize: 10,
      goods_id: goodsId,
    });
    last = list[0];
    if (last && states.includes(last.status)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`listing of goods ${goodsId} stayed ${last?.status}: ${last?.reason}`);
}
