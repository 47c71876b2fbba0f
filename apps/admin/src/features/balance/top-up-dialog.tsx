import { TOPUP_MAX_FEN, TOPUP_MIN_FEN } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  formatMoney,
  Input,
} from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProblem, landServerError, useContractForm } from '../../common/form';
import { useSubmitOnce } from '../../common/list/use-submit-once';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { BALANCE_TEXT } from './texts';
import { fenToYuanText, TOPUP_PRESETS, topupForm } from './topup-form';

const topUpText = BALANCE_TEXT.topUp;
const LIMITS = topUpText.limits(formatMoney(TOPUP_MIN_FEN), formatMoney(TOPUP_MAX_FEN));

/** A screen this narrow pays in Alipay's mobile cashier (`alipay.trade.wap.pay`). */
const NARROW_SCREEN = '(max-width: 767px)';

/**
 * 充值: the current balance, preset amounts and a custom one (the contract's limits), then the browser
 * goes to the Alipay page `/api/balance/topup` answers. Alipay brings it back to 充值结果.
 */
export function TopUpDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const api = useApi();
  const summary = useQuery(apiQuery(api, '/api/balance/summary'));
  const form = useContractForm(topupForm, { defaultValues: { amount: '' }, messages: {} });
  const { errors } = form.formState;
  const [leaving, setLeaving] = useState(false);
  const pay = useMutation({
    ...callMutation(api, '/api/balance/topup', { skipErrorHandler: true }),
    onSuccess: (started) => {
      setLeaving(true);
      window.location.assign(started.pay_url);
    },
    onError: (error) => landServerError(form, error),
  });
  const busy = pay.isPending || leaving;
  const submit = useSubmitOnce(
    form.handleSubmit(({ amount }) => pay.mutate({ amount, wap: window.matchMedia(NARROW_SCREEN).matches })),
    busy,
  );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          noValidate
          aria-label={topUpText.title}
          data-slot="top-up"
          className="flex flex-col gap-4"
          {...submit}
        >
          <DialogHeader>
            <DialogTitle>{topUpText.title}</DialogTitle>
            <DialogDescription>{topUpText.description}</DialogDescription>
          </DialogHeader>
          <p className="flex items-baseline gap-2 text-sm">
            <span className="text-muted-foreground">{topUpText.balance}</span>
            <output data-slot="top-up-balance" className="font-semibold text-base tabular-nums">
              {summary.data ? formatMoney(summary.data.balance) : '…'}
            </output>
          </p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm">{topUpText.presets}</legend>
            <div className="flex flex-wrap gap-2">
              {TOPUP_PRESETS.map((fen) => (
                <Button
                  key={fen}
                  type="button"
                  aria-label={topUpText.presetLabel(fenToYuanText(fen))}
                  aria-pressed={form.watch('amount') === fenToYuanText(fen)}
                  onClick={() =>
                    form.setValue('amount', fenToYuanText(fen), { shouldDirty: true, shouldValidate: true })
                  }
                >
                  {formatMoney(fen).replace('.00', '')}
                </Button>
              ))}
            </div>
          </fieldset>
          <Field label={topUpText.amount} error={errors.amount?.message} description={LIMITS} required>
            <Input inputMode="decimal" autoComplete="off" maxLength={16} {...form.register('amount')} />
          </Field>
          <FormProblem errors={errors} />
          <DialogFooter>
            <Button type="button" onClick={() => onOpenChange(false)}>
              {topUpText.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? topUpText.submitting : topUpText.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
