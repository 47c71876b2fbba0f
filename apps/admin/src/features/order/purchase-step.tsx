import { ConfirmDialog, Field, Input } from '@consign/ui';
import { useState } from 'react';
import type * as z from 'zod';
import { maxLengthOf, useContractForm } from '../../lib/form';
import { FULFILMENT_TEXT as f } from './fulfilment-texts';
import { emptyPurchase, purchaseForm, purchaseMessages } from './step-forms';
import { type StepFormProps, StepFrame, useStepSave } from './step-frame';

type PurchaseBody = z.output<typeof purchaseForm>;
const fields = purchaseForm.shape;

/** 采购: supplier, its order number and the cost. A blacklisted buyer's order asks to confirm first. */
export function PurchaseStep(props: StepFormProps) {
  const { detail, onDone } = props;
  const form = useContractForm(purchaseForm, {
    defaultValues: emptyPurchase(detail.id),
    messages: purchaseMessages,
  });
  const save = useStepSave('/api/order/purchase', form, { ...props, done: '采购' });
  // 黑名单: the body waits here while the user confirms; it is then sent saying so.
  const [confirming, setConfirming] = useState<PurchaseBody | null>(null);
  const { errors } = form.formState;
  return (
    <StepFrame
      label={f.purchase}
      errors={form.formState.errors}
      pending={save.isPending}
      onBack={onDone}
      onSubmit={form.handleSubmit((body) => (detail.blacklisted ? setConfirming(body) : save.mutate(body)))}
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        variant="danger"
        title={f.blacklistTitle}
        description={f.blacklistDescription(detail.buyer_name)}
        confirmText={f.blacklistConfirm}
        onConfirm={() => (confirming ? save.mutate({ ...confirming, confirm_blacklist: true }) : undefined)}
      />
      <Field label={f.supplier} error={errors.supplier?.message} required>
        <Input maxLength={maxLengthOf(fields.supplier)} autoComplete="off" {...form.register('supplier')} />
      </Field>
      <Field label={f.supplierOrderNo} error={errors.supplier_order_no?.message} required>
        <Input
          maxLength={maxLengthOf(fields.supplier_order_no)}
          autoComplete="off"
          {...form.register('supplier_order_no')}
        />
      </Field>
      <Field label={f.cost} error={errors.cost?.message} required>
        <Input inputMode="decimal" autoComplete="off" {...form.register('cost')} />
      </Field>
    </StepFrame>
  );
}
