import { Field, Input } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { maxLengthOf, useContractForm } from '../../common/form';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { addressForm, addressMessages, addressValues } from './step-forms';
import { type StepFormProps, StepFrame, useStepSave } from './step-frame';

const fields = addressForm.shape;

/**
 * 修改收货地址, saved at the version the form was filled from: a correction by someone else in the
 * meantime answers 409; the form keeps what was typed and offers 重新加载, which fills it from the
 * current order.
 */
export function AddressStep(props: StepFormProps) {
  const { detail, onDone } = props;
  const api = useApi();
  const form = useContractForm(addressForm, {
    defaultValues: addressValues(detail),
    messages: addressMessages,
  });
  const save = useStepSave('/api/order/address', form, { ...props, done: '修改收货地址' });
  const reload = useMutation({
    mutationFn: () => api.call('/api/order/detail', { id: detail.id }),
    onSuccess: (fresh) => {
      form.reset(addressValues(fresh));
      save.reset();
    },
  });
  const { errors } = form.formState;
  return (
    <StepFrame
      label={FULFILMENT_TEXT.correctAddress}
      errors={form.formState.errors}
      pending={save.isPending}
      onBack={onDone}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      <Field label={FULFILMENT_TEXT.receiverName} error={errors.name?.message} required>
        <Input maxLength={maxLengthOf(fields.name)} autoComplete="off" {...form.register('name')} />
      </Field>
      <Field
        label={FULFILMENT_TEXT.receiverMobile}
        description={FULFILMENT_TEXT.receiverMobileHint(detail.receiver.mobile)}
        error={errors.mobile?.message}
      >
        <Input inputMode="numeric" maxLength={13} autoComplete="off" {...form.register('mobile')} />
      </Field>
      <Field label={FULFILMENT_TEXT.receiverAddress} error={errors.address?.message} required>
        <Input maxLength={maxLengthOf(fields.address)} autoComplete="off" {...form.register('address')} />
      </Field>
    </StepFrame>
  );
}
