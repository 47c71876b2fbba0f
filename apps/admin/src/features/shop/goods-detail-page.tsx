import { goodsDetailQuery } from '@consign/api-client/query';
import { Button, Empty, formatDateTime, formatMoney } from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { SHOP_COPY } from './copy';

const route = getRouteApi('/_authed/shop/goods/detail');
const d = SHOP_COPY.detail;

/** 商品编辑 (first version: the product as stored; the edit form grows here). */
export function GoodsDetailPage() {
  const { id } = route.useSearch();
  const api = useApi();
  const goods = useQuery(goodsDetailQuery(api, id ?? 0));
  const back = (
    <Button asChild>
      <Link to="/shop/goods">{d.back}</Link>
    </Button>
  );
  return (
    <section
      aria-labelledby="goods-detail-title"
      className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm"
    >
      <h1 id="goods-detail-title" className="text-lg font-semibold">
        {TITLES.shopGoodsDetail}
      </h1>
      {id === undefined ? (
        <Empty description={d.missing} action={back} />
      ) : goods.data ? (
        <>
          <dl className="grid max-w-2xl grid-cols-[8rem_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-muted-foreground">{d.fields.title}</dt>
            <dd>{goods.data.title}</dd>
            <dt className="text-muted-foreground">{d.fields.shop}</dt>
            <dd>{goods.data.shop_name}</dd>
            <dt className="text-muted-foreground">{d.fields.price}</dt>
            <dd>{formatMoney(goods.data.price)}</dd>
            <dt className="text-muted-foreground">{d.fields.stock}</dt>
            <dd>{goods.data.stock}</dd>
            <dt className="text-muted-foreground">{d.fields.status}</dt>
            <dd>{SHOP_COPY.goodsStatus[goods.data.status]}</dd>
            <dt className="text-muted-foreground">{d.fields.source}</dt>
            <dd className="break-all">{goods.data.source_url || '—'}</dd>
            <dt className="text-muted-foreground">{d.fields.updatedAt}</dt>
            <dd>{formatDateTime(goods.data.updated_at)}</dd>
          </dl>
          <div>{back}</div>
        </>
      ) : null}
    </section>
  );
}
