import { Button, Field, formatMoney, Input, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { FormProblem, landServerError, useContractForm } from '../../common/form';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { BALANCE_TEXT } from './texts';
import { warningForm, warningValues } from './warning-form';

const warningText = BALANCE_TEXT.warning;

/**
 * 余额预警 (余额明细): the balance below which a charge raises one notification (the bell), in yuan;
 * empty turns it off. Saved with `/api/balance/warning-save`, which refreshes the summary (and so this
 * form, keyed by the saved value).
 */
export function WarningCard({ warnBelow }: { warnBelow: number | null }) {
  const titleId = useId();
  const api = useApi();
  const form = useContractForm(warningForm, { defaultValues: warningValues(warnBelow), messages: {} });
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/balance/warning-save', { skipErrorHandler: true }),
    onSuccess: (saved) =>
      toast.success(
        saved.warn_below === null ? warningText.turnedOff : warningText.saved(formatMoney(saved.warn_below)),
      ),
    onError: (error) => landServerError(form, error),
  });
  return (
    <section
      aria-labelledby={titleId}
      data-slot="balance-warning"
      className="flex flex-col gap-2 rounded-lg bg-card p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-base font-medium">
        {warningText.title}
      </h2>
      <p className="text-sm text-muted-foreground">{warningText.intro}</p>
      <form
        noValidate
        aria-labelledby={titleId}
        className="flex flex-wrap items-end gap-3"
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
      >
        <Field label={warningText.amount} error={errors.warn_below?.message}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            placeholder={warningText.placeholder}
            wrapperClassName="w-40"
            {...form.register('warn_below')}
          />
        </Field>
        <Button type="submit" variant="primary" disabled={!isDirty || save.isPending}>
          {save.isPending ? warningText.saving : warningText.save}
        </Button>
      </form>
      <FormProblem errors={errors} />
    </section>
  );
}
