import { PURCHASE_FIELD_NAMES } from '@consign/api-client/contract';
import { ConfirmDialog } from '@consign/ui';
import { useState } from 'react';
import type * as z from 'zod';
import { useContractForm } from '../../common/form';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { PurchaseInput } from './purchase-inputs';
import { emptyPurchase, purchaseForm, purchaseMessages } from './step-forms';
import { type StepFormProps, StepFrame, useStepSave } from './step-frame';

type PurchaseBody = z.output<typeof purchaseForm>;

/** 采购: its fields (purchase-fields.ts in the contract). A blacklisted buyer's order asks to confirm first. */
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
      label={FULFILMENT_TEXT.purchase}
      errors={form.formState.errors}
      pending={save.isPending}
      onBack={onDone}
      onSubmit={form.handleSubmit((body) => (detail.blacklisted ? setConfirming(body) : save.mutate(body)))}
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        variant="danger"
        title={FULFILMENT_TEXT.blacklistTitle}
        description={FULFILMENT_TEXT.blacklistDescription(detail.buyer_name)}
        confirmText={FULFILMENT_TEXT.blacklistConfirm}
        onConfirm={() => (confirming ? save.mutate({ ...confirming, confirm_blacklist: true }) : undefined)}
      />
      {PURCHASE_FIELD_NAMES.map((name) => (
        <PurchaseInput key={name} name={name} error={errors[name]?.message} input={form.register(name)} />
      ))}
    </StepFrame>
  );
}
