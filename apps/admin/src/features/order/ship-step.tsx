import { Field, Input } from '@consign/ui';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { maxLengthOf, useContractForm } from '../../lib/form';
import { FULFILMENT_TEXT as f } from './fulfilment-texts';
import { CarrierField, SenderField, useSenders } from './ship-fields';
import { emptyShip, shipForm, shipMessages } from './step-forms';
import { type StepFormProps, StepFrame, useStepSave } from './step-frame';

/** 发货: the carrier, its tracking number (checked against the carrier) and the sender address. */
export function ShipStep(props: StepFormProps) {
  const { detail, onDone } = props;
  const { senders, defaultSender } = useSenders(true);
  const form = useContractForm(shipForm, {
    defaultValues: emptyShip(detail.id, senders),
    messages: shipMessages,
  });
  const save = useStepSave('/api/order/ship', form, { ...props, done: '发货' });
  // The addresses may arrive after the form: the default sender fills the picker if it is still empty.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (defaultSender !== undefined && !getValues('sender_address_id')) {
      setValue('sender_address_id', String(defaultSender));
    }
  }, [defaultSender, getValues, setValue]);
  const { errors } = form.formState;
  return (
    <StepFrame
      label={f.ship}
      errors={form.formState.errors}
      pending={save.isPending}
      onBack={onDone}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <Controller
        control={form.control}
        name="carrier"
        render={({ field }) => (
          <CarrierField value={field.value} onChange={field.onChange} error={errors.carrier?.message} />
        )}
      />
      <Field label={f.trackingNo} error={errors.tracking_no?.message} required>
        <Input
          maxLength={maxLengthOf(shipForm.shape.tracking_no)}
          autoComplete="off"
          {...form.register('tracking_no')}
        />
      </Field>
      <Controller
        control={form.control}
        name="sender_address_id"
        render={({ field }) => (
          <SenderField
            senders={senders}
            value={String(field.value)}
            onChange={field.onChange}
            error={errors.sender_address_id?.message}
          />
        )}
      />
    </StepFrame>
  );
}
