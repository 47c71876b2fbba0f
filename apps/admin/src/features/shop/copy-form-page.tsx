import { COPY_URLS_MAX } from '@consign/api-client';
import { Button, Field, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { TITLES } from '../../copy';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { ShopSelect } from '../list/shop-select';
import { SHOP_COPY } from './copy';
import { checkSourceUrls } from './source-urls';

const f = SHOP_COPY.copyForm;

/** The form's errors: a shop, 1..50 links, nothing that is not a link. */
function errorsOf(shopId: string, text: string) {
  const check = checkSourceUrls(text);
  const urls =
    check.invalid.length > 0
      ? f.badLines(check.invalid.length, check.invalid[0] ?? '')
      : check.urls.length === 0
        ? f.urlsRequired
        : check.urls.length > COPY_URLS_MAX
          ? f.tooMany(check.urls.length, COPY_URLS_MAX)
          : undefined;
  return { check, shop: shopId ? undefined : f.shopRequired, urls };
}

/** 商品复制: paste links (validated, deduplicated, at most 50), pick the shop, start the copy. */
export function CopyFormPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [shopId, setShopId] = useState('');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const titleId = useId();
  const create = useMutation({
    ...callMutation(api, '/api/copy/create'),
    onSuccess: async ({ created }) => {
      toast.success(f.created(created));
      await navigate({ to: '/shop/copy/list' });
    },
  });
  const { check, ...errors } = errorsOf(shopId, text);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h1 id={titleId} className="text-lg font-semibold">
          {TITLES.shopCopy}
        </h1>
        <Link to="/shop/copy/list" className="text-sm text-link underline-offset-4 hover:underline">
          {SHOP_COPY.copyRecords}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">{f.intro}</p>
      <form
        noValidate
        className="flex max-w-2xl flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (errors.shop || errors.urls) return;
          create.mutate({ shop_id: Number(shopId), urls: check.urls });
        }}
      >
        <Field label={f.shop} required error={submitted ? errors.shop : undefined}>
          <ShopSelect
            value={shopId}
            onChange={setShopId}
            label={f.shop}
            placeholder={f.shopPlaceholder}
            className="w-72"
          />
        </Field>
        <Field
          label={f.urls}
          required
          error={submitted ? errors.urls : undefined}
          description={f.summary(check.urls.length, COPY_URLS_MAX, check.duplicates)}
        >
          {(control) => (
            <textarea
              {...control}
              rows={8}
              value={text}
              maxLength={200_000}
              placeholder={f.urlsPlaceholder}
              onChange={(event) => setText(event.target.value)}
              className="rounded-md border border-input bg-card p-2 font-mono text-sm outline-none focus-visible:border-link focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-error"
            />
          )}
        </Field>
        <div>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {f.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
