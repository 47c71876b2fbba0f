import { COPY_URLS_MAX } from '@consign/api-client';
import { Button, Field, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useContractForm } from '../../common/form';
import { ShopSelect } from '../../common/list/shop-select';
import { useSubmitOnce } from '../../common/list/use-submit-once';
import { usePageTitle } from '../../common/page-title';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { PublishTargetsEditor, type TargetDraft, targetOf } from './publish-targets';
import { checkSourceUrls, copyForm, copyMessages } from './source-urls';
import { SHOP_TEXT } from './texts';

const copyFormText = SHOP_TEXT.copyForm;

/** 商品复制: paste links (validated, deduplicated, at most 50), pick the shop, start the copy. */
export function CopyFormPage() {
  const title = usePageTitle();
  const api = useApi();
  const navigate = useNavigate();
  const form = useContractForm(copyForm, {
    defaultValues: { shop_id: '', urls: '' },
    messages: copyMessages,
  });
  const { errors } = form.formState;
  const check = checkSourceUrls(form.watch('urls'));
  // Too many links: the message says how many there are.
  const urlsError =
    errors.urls?.type === 'too_big'
      ? copyFormText.tooMany(check.urls.length, COPY_URLS_MAX)
      : errors.urls?.message;
  const titleId = useId();
  const [targets, setTargets] = useState<TargetDraft[]>([]);
  const create = useMutation({
    ...callMutation(api, '/api/copy/create'),
    onSuccess: async ({ created, refused }) => {
      if (created > 0) toast.success(copyFormText.created(created));
      // Every refused entry is named here; with none, the jobs are followed in 复制记录.
      if (refused.length === 0) await navigate({ to: '/shop/copy/list' });
    },
  });
  const refused = create.data?.refused ?? [];
  const submit = useSubmitOnce(
    form.handleSubmit((body) =>
      create.mutate(targets.length > 0 ? { ...body, publish: targets.map(targetOf) } : body),
    ),
    create.isPending,
  );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h1 id={titleId} className="text-lg font-semibold">
          {title}
        </h1>
        <Link to="/shop/copy/list" className="text-sm text-link underline-offset-4 hover:underline">
          {SHOP_TEXT.copyRecords}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">{copyFormText.intro}</p>
      <form noValidate className="flex max-w-2xl flex-col gap-4" {...submit}>
        <Field label={copyFormText.shop} required error={errors.shop_id?.message}>
          <Controller
            control={form.control}
            name="shop_id"
            render={({ field }) => (
              <ShopSelect
                value={String(field.value)}
                onChange={field.onChange}
                label={copyFormText.shop}
                placeholder={copyFormText.shopPlaceholder}
                className="w-72"
              />
            )}
          />
        </Field>
        <Field
          label={copyFormText.urls}
          required
          error={urlsError}
          description={copyFormText.summary(
            check.urls.length,
            COPY_URLS_MAX,
            check.duplicates,
            check.notOffers.length,
          )}
        >
          {(control) => (
            <textarea
              {...control}
              rows={8}
              maxLength={200_000}
              placeholder={copyFormText.urlsPlaceholder}
              {...form.register('urls')}
              className="rounded-md border border-input bg-card p-2 font-mono text-sm outline-none focus-visible:border-link focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-error"
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{SHOP_TEXT.publish.section}</legend>
          <p className="text-xs text-muted-foreground">{SHOP_TEXT.publish.sectionHint}</p>
          <PublishTargetsEditor value={targets} onChange={setTargets} />
        </fieldset>
        {refused.length > 0 ? (
          <div role="alert" className="flex flex-col gap-1 rounded-md border border-error/40 p-3 text-sm">
            <p className="font-medium text-error">{copyFormText.refusedTitle(refused.length)}</p>
            <ul className="flex flex-col gap-1">
              {refused.map((entry) => (
                <li key={entry.url} className="break-all">
                  <span className="font-mono">{entry.url}</span>：{entry.reason}
                </li>
              ))}
            </ul>
            {(create.data?.created ?? 0) > 0 ? (
              <Link to="/shop/copy/list" className="text-link underline-offset-4 hover:underline">
                {copyFormText.toList}
              </Link>
            ) : null}
          </div>
        ) : null}
        <div>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {copyFormText.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
