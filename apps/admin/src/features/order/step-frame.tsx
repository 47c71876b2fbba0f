import type { ApiClient, OrderDetail } from '@consign/api-client';
import { Button, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FormProblem, landServerError } from '../../common/form';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';

/** What the order detail hands a step form. */
export interface StepFormProps {
  detail: OrderDetail;
  /** The step is done (or 返回): the detail shows its step buttons again. */
  onDone: () => void;
}

type StepPath = '/api/order/purchase' | '/api/order/ship' | '/api/order/cancel' | '/api/order/address';

/**
 * The save of a step form: the typed call of `path`, which refreshes the order, its lists and 工作台
 * after it settles (lib/invalidate.ts: a step refused with 409 names the current state, which the
 * page then shows); a refusal lands on the form (`landServerError`).
 */
export function useStepSave<P extends StepPath>(
  path: P,
  form: Parameters<typeof landServerError>[0],
  { detail, onDone, done }: StepFormProps & { done: string },
) {
  const api: ApiClient = useApi();
  return useMutation({
    ...callMutation(api, path, { skipErrorHandler: true }),
    onSuccess: () => {
      toast.success(FULFILMENT_TEXT.done(done, detail.order_no));
      onDone();
    },
    onError: (error) => landServerError(form, error),
  });
}

/** The frame of a step form: its title, its fields, the server's refusal, 返回 and 提交. */
export function StepFrame({
  label,
  errors,
  onSubmit,
  onBack,
  pending,
  submitText = FULFILMENT_TEXT.submit,
  submitDisabled = false,
  children,
}: {
  label: string;
  /** The form's errors (`form.formState.errors`): the server's refusal shows under the fields. */
  errors: FieldErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
  pending: boolean;
  /** The submit button's words (提交) and whether it is off (一键采购 before 1688's price is read). */
  submitText?: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      data-slot="order-step-form"
      className="flex flex-col gap-3 rounded-md border border-border p-3"
      onSubmit={onSubmit}
    >
      <h3 className="font-medium text-sm">{label}</h3>
      {children}
      <FormProblem errors={errors} slot="step-problem" />
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={onBack}>
          {FULFILMENT_TEXT.back}
        </Button>
        <Button type="submit" variant="primary" disabled={pending || submitDisabled}>
          {pending ? FULFILMENT_TEXT.saving : submitText}
        </Button>
      </div>
    </form>
  );
}
