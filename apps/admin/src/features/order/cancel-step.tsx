import { Field, Input } from '@consign/ui';
import { maxLengthOf, useContractForm } from '../../common/form';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { cancelForm, cancelMessages } from './step-forms';
import { type StepFormProps, StepFrame, useStepSave } from './step-frame';

/** 取消订单, with a reason. */
export function CancelStep(props: StepFormProps) {
  const { detail, onDone } = props;
  const form = useContractForm(cancelForm, {
    defaultValues: { id: detail.id, reason: '' },
    messages: cancelMessages,
  });
  const save = useStepSave('/api/order/cancel', form, { ...props, done: '取消' });
  return (
    <StepFrame
      label={FULFILMENT_TEXT.cancel}
      errors={form.formState.errors}
      pending={save.isPending}
      onBack={onDone}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <Field label={FULFILMENT_TEXT.reason} error={form.formState.errors.reason?.message} required>
        <Input
          maxLength={maxLengthOf(cancelForm.shape.reason)}
          autoComplete="off"
          {...form.register('reason')}
        />
      </Field>
    </StepFrame>
  );
}
