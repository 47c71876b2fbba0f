import { PLATFORMS, type PurchaseFees } from '@consign/api-client';
import { PLATFORM_LABELS } from '@consign/api-client/contract';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, Field, formatMoney, Input, Spinner, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { SettingsCard } from '../../common/crud-parts';
import { FormProblem, landServerError, useContractForm } from '../../common/form';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { feesForm, feesValues } from './fees-form';
import { BALANCE_TEXT } from './texts';

const feesText = BALANCE_TEXT.fees;

function FeesSection({ intro, children }: { intro: string; children: (fees: PurchaseFees) => ReactNode }) {
  const titleId = useId();
  const query = useQuery(apiQuery(useApi(), '/api/balance/fees'));
  return (
    <section
      aria-labelledby={titleId}
      data-slot="purchase-fees"
      className="flex max-w-xl flex-col gap-3 rounded-md border p-4"
    >
      <h2 id={titleId} className="text-base font-medium">
        {feesText.heading}
      </h2>
      <p className="text-sm text-muted-foreground">{intro}</p>
      {query.data ? (
        children(query.data)
      ) : query.isError ? (
        <p className="text-error text-sm">{feesText.loadFailed}</p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

/** 代发设置: the fees every purchased order pays from the balance, as operators set them (read only). */
export function FeesCard() {
  return (
    <FeesSection intro={feesText.readOnlyIntro}>
      {(fees) => {
        const own = new Map(fees.platforms.map((p) => [p.platform, p.fee]));
        return (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{feesText.defaultRow}</dt>
            <dd className="tabular-nums">{formatMoney(fees.default_fee)}</dd>
            {PLATFORMS.map((platform) => (
              <FeeRow
                key={platform}
                label={PLATFORM_LABELS[platform]}
                fen={own.get(platform) ?? fees.default_fee}
              />
            ))}
          </dl>
        );
      }}
    </FeesSection>
  );
}

function FeeRow({ label, fen }: { label: string; fen: number }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{formatMoney(fen)}</dd>
    </>
  );
}

/** 全局设置 (operators): the default fee and one per platform, saved with `/api/balance/fees-save`. */
export function FeesEditCard() {
  const titleId = useId();
  const query = useQuery(apiQuery(useApi(), '/api/balance/fees'));
  return (
    <SettingsCard titleId={titleId} title={feesText.heading} intro={feesText.intro}>
      {/* Saved fees start the form over from them. */}
      {query.data ? (
        <FeesForm key={JSON.stringify(query.data)} fees={query.data} />
      ) : query.isError ? (
        <p className="text-error text-sm">{feesText.loadFailed}</p>
      ) : (
        <Spinner />
      )}
    </SettingsCard>
  );
}

function FeesForm({ fees }: { fees: PurchaseFees }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(feesForm, { defaultValues: feesValues(fees), messages: {} });
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/balance/fees-save', { skipErrorHandler: true }),
    onSuccess: (saved) => {
      toast.success(feesText.saved);
      queryClient.setQueryData(apiKey('/api/balance/fees', {}), saved);
    },
    onError: (error) => landServerError(form, error),
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <Field label={feesText.defaultFee} error={errors.default_fee?.message} required>
        <Input
          inputMode="decimal"
          autoComplete="off"
          wrapperClassName="w-32"
          {...form.register('default_fee')}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        {PLATFORMS.map((platform) => (
          <Field
            key={platform}
            label={feesText.platformFee(PLATFORM_LABELS[platform])}
            error={errors[platform]?.message}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              wrapperClassName="w-32"
              {...form.register(platform)}
            />
          </Field>
        ))}
      </div>
      <FormProblem errors={errors} />
      <div>
        <Button type="submit" variant="primary" disabled={!isDirty || save.isPending}>
          {save.isPending ? feesText.saving : feesText.save}
        </Button>
      </div>
    </form>
  );
}
