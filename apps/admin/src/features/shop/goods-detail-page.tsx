import { GOODS_STATUSES, type GoodsDetail } from '@consign/api-client';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, ConfirmDialog, Empty, Field, formatDateTime, Input, Spinner, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useBlocker } from '@tanstack/react-router';
import { maxLengthOf, SelectField, useContractForm } from '../../common/form';
import { usePageTitle } from '../../common/page-title';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { goodsFields, goodsForm, goodsMessages, goodsValues, imageLines } from './goods-form';
import { GoodsSkusEditor } from './goods-skus-editor';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/goods/detail');
const detailText = SHOP_TEXT.detail;

/** 商品编辑: the product's title, price, stock, status and pictures, validated, with a guard on leaving. */
export function GoodsDetailPage() {
  const title = usePageTitle();
  const { id } = route.useSearch();
  const api = useApi();
  const goods = useQuery({
    ...apiQuery(api, '/api/goods/detail', { id: id ?? 0 }),
    enabled: id !== undefined,
  });
  const back = (
    <Button asChild>
      <Link to="/shop/goods">{detailText.back}</Link>
    </Button>
  );
  let body: React.ReactNode;
  if (id === undefined) body = <Empty description={detailText.missing} action={back} />;
  else if (goods.data) body = <GoodsForm key={`${goods.data.id}-${goods.data.version}`} goods={goods.data} />;
  else if (goods.isError) body = <Empty description={detailText.notFound} action={back} />;
  else body = <Spinner />;
  return (
    <section
      aria-labelledby="goods-detail-title"
      className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm"
    >
      <div>
        <h1 id="goods-detail-title" className="text-lg font-semibold">
          {title}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{detailText.intro}</p>
      </div>
      {body}
      {goods.data ? (
        <GoodsSkusEditor key={`skus-${goods.data.id}-${goods.data.version}`} goods={goods.data} />
      ) : null}
    </section>
  );
}

function GoodsForm({ goods }: { goods: GoodsDetail }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(goodsForm, { defaultValues: goodsValues(goods), messages: goodsMessages });
  const { errors, isDirty: dirty } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/goods/save'),
    onSuccess: (saved) => {
      toast.success(detailText.saved);
      // The saved product is the new baseline (a new version: a new form), so leaving no longer asks.
      // The save answers the product without its SKUs, which it does not change.
      queryClient.setQueryData(apiKey('/api/goods/detail', { id: saved.id }), { ...saved, skus: goods.skus });
    },
  });
  // After a stale save (409): load the current record; the form starts over from it (new key).
  const reload = useMutation({
    mutationFn: () =>
      queryClient.invalidateQueries({ queryKey: apiKey('/api/goods/detail', { id: goods.id }) }),
  });
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !save.isPending,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  const images = imageLines(form.watch('images'));

  return (
    <form
      noValidate
      className="flex max-w-2xl flex-col gap-4"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <p className="text-sm text-muted-foreground">
        {detailText.fields.shop}：{goods.shop_name} · {detailText.fields.updatedAt}：
        {formatDateTime(goods.updated_at)}
      </p>
      <Field label={detailText.fields.title} required error={errors.title?.message}>
        <Input maxLength={maxLengthOf(goodsFields.title)} {...form.register('title')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={detailText.fields.price}
          required
          error={errors.price?.message}
          description={detailText.priceHint}
        >
          <Input inputMode="decimal" {...form.register('price')} />
        </Field>
        <Field label={detailText.fields.stock} required error={errors.stock?.message}>
          <Input inputMode="numeric" {...form.register('stock')} />
        </Field>
        <Field label={detailText.fields.status}>
          <SelectField
            control={form.control}
            name="status"
            options={GOODS_STATUSES.map((status) => ({
              value: status,
              label: SHOP_TEXT.goodsStatus[status],
            }))}
          />
        </Field>
      </div>
      <Field
        label={detailText.fields.images}
        required
        error={errors.images?.message}
        description={detailText.imagesHint}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            {...form.register('images')}
            className="rounded-md border border-input bg-card px-3 py-2 font-mono text-sm outline-none focus-visible:border-link focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-error"
          />
        )}
      </Field>
      {images.length > 0 && !errors.images ? (
        <ul className="flex flex-wrap gap-2" aria-label={detailText.fields.images}>
          {images.slice(0, 9).map((src, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may be listed twice; the line is its identity.
            <li key={`${index}-${src}`}>
              <img
                src={src}
                alt={detailText.imagePreview(index + 1)}
                width={64}
                height={64}
                className="size-16 rounded-sm border border-border bg-muted object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending || !dirty}>
          {save.isPending ? SHOP_TEXT.saving : detailText.save}
        </Button>
        <Button type="button" disabled={!dirty} onClick={() => form.reset()}>
          {detailText.reset}
        </Button>
        <Button asChild variant="ghost">
          <Link to="/shop/goods">{detailText.back}</Link>
        </Button>
      </div>
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.status === 'blocked') blocker.reset();
        }}
        variant="danger"
        title={detailText.unsavedTitle}
        description={detailText.unsavedDescription}
        confirmText={detailText.leave}
        cancelText={detailText.stay}
        onConfirm={() => blocker.proceed?.()}
      />
    </form>
  );
}
