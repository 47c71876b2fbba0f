import { type Company, isSafeUrl } from '@consign/api-client';
import { companyUpdateBodySchema } from '@consign/api-client/contract';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, Field, Input, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type * as z from 'zod';
import { type FieldMessages, maxLengthOf, useContractForm } from '../../common/form';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SYSTEM_TEXT } from './texts';

const companyText = SYSTEM_TEXT.company;

/** 公司信息: the contract's profile (name 1-64, short name 1-32, English name 0-64, footers 0-200). */
export const companyForm = companyUpdateBodySchema;
export const companyMessages: FieldMessages<z.input<typeof companyForm>> = {
  name: companyText.errors.name,
  short_name: companyText.errors.shortName,
  en_name: companyText.errors.enName,
  logo_url: companyText.errors.logo,
  foot_copyright: companyText.errors.foot,
  foot_info: companyText.errors.foot,
};

/** 公司信息: the profile form beside a live preview of the logo, the short name and the footer. */
export function CompanySection() {
  const company = useQuery(apiQuery(useApi(), '/api/company/index')).data;
  // A new version (saved here, or loaded after a stale save) starts the form over from it.
  return company ? <CompanyForm key={company.version} company={company} /> : null;
}

function CompanyForm({ company }: { company: Company }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const form = useContractForm(companyForm, { defaultValues: company, messages: companyMessages });
  const { errors, isDirty } = form.formState;
  // The preview follows what is typed.
  const values = form.watch();
  const save = useMutation({
    // Also refreshes the public config: the shell's branding and the login page read it.
    ...callMutation(api, '/api/company/update'),
    onSuccess: (saved) => {
      toast.success(companyText.saved);
      queryClient.setQueryData(apiKey('/api/company/index', {}), saved);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/company/index') }),
  });
  const field = (
    key: Exclude<keyof Company, 'version'>,
    label: string,
    extra?: { required?: boolean; description?: string },
  ) => (
    <Field
      label={label}
      error={errors[key]?.message}
      required={extra?.required ?? false}
      description={extra?.description}
    >
      <Input maxLength={maxLengthOf(companyForm.shape[key])} {...form.register(key)} />
    </Field>
  );
  const logo = values.logo_url.trim();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div>
        <h2 id={titleId} className="text-base font-semibold">
          {companyText.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{companyText.intro}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={form.handleSubmit((body) => save.mutate(body))}
        >
          {field('name', companyText.name, { required: true })}
          {field('short_name', companyText.shortName, { required: true })}
          {field('en_name', companyText.enName)}
          {field('logo_url', companyText.logo, { description: companyText.logoHint })}
          {field('foot_copyright', companyText.footCopyright)}
          {field('foot_info', companyText.footInfo)}
          <StaleRecordAlert
            error={save.error}
            onReload={() => reload.mutate()}
            reloading={reload.isPending}
          />
          <div>
            <Button type="submit" variant="primary" disabled={!isDirty || save.isPending}>
              {save.isPending ? companyText.saving : companyText.save}
            </Button>
          </div>
        </form>
        <figure
          aria-label={companyText.preview}
          data-slot="company-preview"
          className="flex h-fit flex-col overflow-hidden rounded-md border border-border"
        >
          <figcaption className="bg-muted px-3 py-1.5 text-xs text-muted-foreground">
            {companyText.preview}
          </figcaption>
          <div className="flex items-center gap-2 border-b border-border bg-sidebar px-3 py-3">
            {logo && !errors.logo_url && isSafeUrl(logo) ? (
              <img src={logo} alt={companyText.previewLogo} className="size-8 rounded-md object-contain" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-md bg-primary font-semibold text-primary-foreground"
              >
                {[...values.short_name.trim()][0] ?? ''}
              </span>
            )}
            <span data-slot="preview-short-name" className="truncate font-semibold">
              {values.short_name}
            </span>
          </div>
          <div className="h-16 bg-background" />
          <div className="flex flex-col gap-0.5 px-3 py-2 text-center text-muted-foreground text-xs">
            <p data-slot="preview-foot-copyright">{values.foot_copyright}</p>
            <p data-slot="preview-foot-info">{values.foot_info}</p>
          </div>
        </figure>
      </div>
    </section>
  );
}
