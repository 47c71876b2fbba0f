import { blacklistSaveBodySchema } from '@consign/api-client/contract';
import { Field, Input, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import { type FieldMessages, maxLengthOf, useContractForm } from '../../common/form';
import { FormDialog } from '../../common/list/form-dialog';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { BUYER_TEXT } from './texts';

/**
 * The blacklist dialogs: the contract's save body (a buyer by order or by an 11-digit mobile, a name
 * of at most 64, a reason of 1-200 characters; a change of reason at the version read).
 */
export const blacklistForm = blacklistSaveBodySchema;
export const blacklistMessages: FieldMessages<z.input<typeof blacklistForm>> = {
  mobile: BUYER_TEXT.mobileInvalid,
  reason: BUYER_TEXT.reasonRequired,
};

/** Who to blacklist: a buyer of 买家管理 (by their newest order), or null to type a mobile. */
export interface BlacklistTarget {
  orderId: number;
  name: string;
  mobile: string;
}

/**
 * 拉黑买家: the reason (and, without a buyer, the mobile and name). On success: a toast, the buyer,
 * blacklist and order lists refreshed (their flags change), the dialog closed.
 */
export function BlacklistDialog({
  target,
  open,
  onOpenChange,
}: {
  target: BlacklistTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const form = useContractForm(blacklistForm, {
    defaultValues: target
      ? { order_id: target.orderId, reason: '' }
      : { mobile: '', buyer_name: '', reason: '' },
    messages: blacklistMessages,
  });
  const { errors } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/buyer/blacklist-save'),
    onSuccess: (entry) => {
      toast.success(BUYER_TEXT.blocked(entry.buyer_name || entry.mobile));
      onOpenChange(false);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={BUYER_TEXT.blockTitle}
      description={target ? BUYER_TEXT.blockDescription(target.name, target.mobile) : undefined}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      className="gap-4"
    >
      {target ? null : (
        <>
          <Field label={BUYER_TEXT.mobileField} error={errors.mobile?.message} required>
            <Input
              inputMode="numeric"
              maxLength={maxLengthOf(blacklistForm.shape.mobile)}
              autoComplete="off"
              {...form.register('mobile')}
            />
          </Field>
          <Field label={BUYER_TEXT.nameField}>
            <Input
              maxLength={maxLengthOf(blacklistForm.shape.buyer_name)}
              autoComplete="off"
              {...form.register('buyer_name')}
            />
          </Field>
        </>
      )}
      <Field label={BUYER_TEXT.reasonField} error={errors.reason?.message} required>
        <Input
          maxLength={maxLengthOf(blacklistForm.shape.reason)}
          autoComplete="off"
          {...form.register('reason')}
        />
      </Field>
    </FormDialog>
  );
}
