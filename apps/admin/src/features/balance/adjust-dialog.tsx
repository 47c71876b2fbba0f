import type { SellerAccount } from '@consign/api-client';
import { ADJUST_MAX_FEN } from '@consign/api-client/contract';
import { Field, formatMoney, Input, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { FormProblem, landServerError, maxLengthOf, useContractForm } from '../../common/form';
import { FormDialog } from '../../common/list/form-dialog';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { adjustForm } from './adjust-form';
import { BALANCE_TEXT } from './texts';

const adjustText = BALANCE_TEXT.adjust;

/**
 * 调整余额 (卖家管理, operators): a signed amount in yuan and a mandatory reason, one `adjust` entry of
 * the seller's ledger. The server appends it to whatever the balance is by then (another operator's
 * adjustment meanwhile is kept); the toast says the balance before and after, and the list is
 * read again (also after a refusal: a deduction past the balance names the balance as it is now).
 */
export function AdjustBalanceDialog({
  seller,
  onOpenChange,
}: {
  seller: SellerAccount;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const form = useContractForm(adjustForm, { defaultValues: { amount: '', reason: '' }, messages: {} });
  const { errors } = form.formState;
  const save = useMutation({
    ...callMutation(api, '/api/seller/balance-adjust', { skipErrorHandler: true }),
    onSuccess: (result) => {
      toast.success(
        adjustText.saved(seller.name, formatMoney(result.balance_before), formatMoney(result.balance_after)),
      );
      onOpenChange(false);
    },
    onError: (error) => landServerError(form, error),
  });
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={adjustText.title}
      description={adjustText.description(seller.name)}
      pending={save.isPending}
      onSubmit={form.handleSubmit((input) => save.mutate({ id: seller.id, ...input }))}
    >
      <p className="flex items-baseline gap-2 text-sm">
        <span className="text-muted-foreground">{adjustText.balance}</span>
        <output data-slot="adjust-balance" className="font-semibold text-base tabular-nums">
          {formatMoney(seller.balance)}
        </output>
      </p>
      <Field
        label={adjustText.amount}
        error={errors.amount?.message}
        description={adjustText.limits(formatMoney(ADJUST_MAX_FEN))}
        required
      >
        <Input inputMode="decimal" autoComplete="off" maxLength={20} {...form.register('amount')} />
      </Field>
      <Field label={adjustText.reason} error={errors.reason?.message} required>
        <Input
          autoComplete="off"
          placeholder={adjustText.reasonPlaceholder}
          maxLength={maxLengthOf(adjustForm.shape.reason)}
          {...form.register('reason')}
        />
      </Field>
      <FormProblem errors={errors} />
    </FormDialog>
  );
}
