import { Field, Input } from '@consign/ui';
import { maxLengthOf, useContractForm } from '../../common/form';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { ShipPickers, useSenders } from './ship-fields';
import { emptyShip, shipForm, shipMessages } from './step-forms';
import { type StepFormProps, StepFrame, useStepSave } from './step-frame';

/** 发货: the carrier, its tracking number (checked against the carrier) and the sender address. */
export function ShipStep(props: StepFormProps) {
  const { detail, onDone } = props;
  const { senders } = useSenders(true);
  const form = useContractForm(shipForm, {
    defaultValues: emptyShip(detail.id, senders),
    messages: shipMessages,
  });
  const save = useStepSave('/api/order/ship', form, { ...props, done: '发货' });
  const { errors } = form.formState;
  return (
    <StepFrame
      label={FULFILMENT_TEXT.ship}
      errors={form.formState.errors}
      pending={save.isPending}
      onBack={onDone}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <ShipPickers form={form}>
        <Field label={FULFILMENT_TEXT.trackingNo} error={errors.tracking_no?.message} required>
          <Input
            maxLength={maxLengthOf(shipForm.shape.tracking_no)}
            autoComplete="off"
            {...form.register('tracking_no')}
          />
        </Field>
      </ShipPickers>
    </StepFrame>
  );
}
