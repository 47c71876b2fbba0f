import { COPY_URLS_MAX } from '@consign/api-client';
import { queryKeys, shopListQuery } from '@consign/api-client/query';
import { Button, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { TITLES } from '../../copy';
import { useApi } from '../../lib/use-api';
import { SHOP_COPY } from './copy';
import { parseSourceUrls } from './source-urls';

const f = SHOP_COPY.copyForm;

/** 商品复制 (first version): links plus a target shop, then the copy records. */
export function CopyFormPage() {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shops = useQuery(shopListQuery(api, { pageIndex: 1, pageSize: 100 }));
  const [shopId, setShopId] = useState('');
  const [text, setText] = useState('');
  const ids = { shop: useId(), urls: useId(), title: useId() };
  const create = useMutation({
    mutationFn: (body: { shop_id: number; urls: string[] }) => api.copy.create(body),
    onSuccess: async ({ created }) => {
      toast.success(f.created(created));
      await queryClient.invalidateQueries({ queryKey: queryKeys.copyRecords.all });
      await navigate({ to: '/shop/copy/list' });
    },
  });
  const urls = parseSourceUrls(text);
  const valid = shopId !== '' && urls.length > 0;

  return (
    <section aria-labelledby={ids.title} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h1 id={ids.title} className="text-lg font-semibold">
          {TITLES.shopCopy}
        </h1>
        <Link to="/shop/copy/list" className="text-sm text-link underline-offset-4 hover:underline">
          {SHOP_COPY.copyRecords}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">{f.intro}</p>
      <form
        className="flex max-w-2xl flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) {
            toast.warning(f.invalid);
            return;
          }
          create.mutate({ shop_id: Number(shopId), urls });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.shop} className="text-sm font-medium">
            {f.shop}
          </label>
          <select
            id={ids.shop}
            value={shopId}
            onChange={(event) => setShopId(event.target.value)}
            className="h-8 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="">{f.shopPlaceholder}</option>
            {shops.data?.list.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.urls} className="text-sm font-medium">
            {f.urls}
          </label>
          <textarea
            id={ids.urls}
            rows={8}
            value={text}
            maxLength={COPY_URLS_MAX * 2100}
            placeholder={f.urlsPlaceholder}
            onChange={(event) => setText(event.target.value)}
            className="rounded-md border border-input bg-card p-2 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {urls.length} / {COPY_URLS_MAX}
          </p>
        </div>
        <div>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {f.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
