import type { FeeRates } from '@consign/api-client';
import { PLATFORM_LABELS } from '@consign/api-client/contract';
import { apiKey, apiQuery } from '@consign/api-client/query';
import { Button, Field, Input, Spinner, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { FormProblem, landServerError, useContractForm } from '../../common/form';
import { useCan } from '../../common/use-can';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { feeRatesForm, feeRatesValues } from './fee-rates-form';
import { PROFIT_TEXT } from './texts';

const feeRatesText = PROFIT_TEXT.feeRates;

/**
 * 代发设置 → 平台扣点: each platform's fee as a percentage (finance:view), saved with
 * `setting.fee-rates-save` (finance:manage; read only without it).
 */
export function FeeRatesCard() {
  const titleId = useId();
  const query = useQuery(apiQuery(useApi(), '/api/setting/fee-rates'));
  const canSave = useCan('finance:manage');
  return (
    <section
      aria-labelledby={titleId}
      data-slot="fee-rates"
      className="flex max-w-xl flex-col gap-3 rounded-md border p-4"
    >
      <h2 id={titleId} className="text-base font-medium">
        {feeRatesText.heading}
      </h2>
      <p className="text-sm text-muted-foreground">{feeRatesText.intro}</p>
      {/* Saved rates start the form over from them. */}
      {query.data ? (
        <FeeRatesForm key={JSON.stringify(query.data)} rates={query.data} canSave={canSave} />
      ) : (
        <Spinner />
      )}
    </section>
  );
}

function FeeRatesForm({ rates, canSave }: { rates: FeeRates; canSave: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useContractForm(feeRatesForm, { defaultValues: feeRatesValues(rates), messages: {} });
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/setting/fee-rates-save', { skipErrorHandler: true }),
    onSuccess: (saved) => {
      toast.success(feeRatesText.saved);
      queryClient.setQueryData(apiKey('/api/setting/fee-rates', {}), saved);
    },
    onError: (error) => landServerError(form, error),
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {rates.rates.map(({ platform }) => (
          <Field
            key={platform}
            label={feeRatesText.rateLabel(PLATFORM_LABELS[platform])}
            error={errors[platform]?.message}
          >
            <Input
              inputMode="decimal"
              wrapperClassName="w-32"
              disabled={!canSave}
              {...form.register(platform)}
            />
          </Field>
        ))}
      </div>
      <FormProblem errors={errors} />
      {canSave ? (
        <div>
          <Button type="submit" variant="primary" disabled={!isDirty || save.isPending}>
            {save.isPending ? feeRatesText.saving : feeRatesText.save}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
