import { type Company, isSafeUrl } from '@consign/api-client';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, Field, Input, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { useFormState } from '../../lib/use-form-state';
import { StaleRecordAlert } from '../versions/stale-record-alert';
import { SYSTEM_COPY } from './copy';

const t = SYSTEM_COPY.company;
type Errors = Partial<Record<keyof Company, string>>;

const len = (s: string) => [...s.trim()].length;

/** The profile's errors by field (empty when it can be saved). */
export function validateCompany(c: Company): Errors {
  const errors: Errors = {};
  if (len(c.name) < 1 || len(c.name) > 64) errors.name = t.errors.name;
  if (len(c.short_name) < 1 || len(c.short_name) > 32) errors.short_name = t.errors.shortName;
  if (len(c.en_name) > 64) errors.en_name = t.errors.enName;
  if (c.logo_url.trim() !== '' && !isSafeUrl(c.logo_url.trim())) errors.logo_url = t.errors.logo;
  if (len(c.foot_copyright) > 200) errors.foot_copyright = t.errors.foot;
  if (len(c.foot_info) > 200) errors.foot_info = t.errors.foot;
  return errors;
}

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
  const { values, errors, set, submit } = useFormState(company, validateCompany);
  const dirty = JSON.stringify(values) !== JSON.stringify(company);
  const save = useMutation({
    // Also refreshes the public config: the shell's branding and the login page read it.
    ...callMutation(api, '/api/company/update'),
    onSuccess: (saved) => {
      toast.success(t.saved);
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
      error={errors[key]}
      required={extra?.required ?? false}
      description={extra?.description}
    >
      <Input value={values[key]} maxLength={400} onChange={(e) => set(key, e.target.value)} />
    </Field>
  );
  const logo = values.logo_url.trim();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div>
        <h2 id={titleId} className="text-base font-semibold">
          {t.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t.intro}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={submit((next) =>
            save.mutate({
              name: next.name.trim(),
              short_name: next.short_name.trim(),
              en_name: next.en_name.trim(),
              logo_url: next.logo_url.trim(),
              foot_copyright: next.foot_copyright.trim(),
              foot_info: next.foot_info.trim(),
              version: company.version,
            }),
          )}
        >
          {field('name', t.name, { required: true })}
          {field('short_name', t.shortName, { required: true })}
          {field('en_name', t.enName)}
          {field('logo_url', t.logo, { description: t.logoHint })}
          {field('foot_copyright', t.footCopyright)}
          {field('foot_info', t.footInfo)}
          <StaleRecordAlert
            error={save.error}
            onReload={() => reload.mutate()}
            reloading={reload.isPending}
          />
          <div>
            <Button type="submit" variant="primary" disabled={!dirty || save.isPending}>
              {save.isPending ? t.saving : t.save}
            </Button>
          </div>
        </form>
        <figure
          aria-label={t.preview}
          data-slot="company-preview"
          className="flex h-fit flex-col overflow-hidden rounded-md border border-border"
        >
          <figcaption className="bg-muted px-3 py-1.5 text-xs text-muted-foreground">{t.preview}</figcaption>
          <div className="flex items-center gap-2 border-b border-border bg-sidebar px-3 py-3">
            {logo && !errors.logo_url && isSafeUrl(logo) ? (
              <img src={logo} alt={t.previewLogo} className="size-8 rounded-md object-contain" />
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
