import { BUYER_MOBILE_PATTERN } from '@consign/api-client';
import { Field, Input, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FormDialog } from '../list/form-dialog';
import { BUYER_COPY as b } from './copy';

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
  const [mobile, setMobile] = useState('');
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setMobile('');
      setName('');
      setReason('');
      setTouched(false);
    }
  }, [open]);
  const save = useMutation({
    ...callMutation(api, '/api/buyer/blacklist-save'),
    onSuccess: (entry) => {
      toast.success(b.blocked(entry.buyer_name || entry.mobile));
      onOpenChange(false);
    },
  });
  const reasonError = touched && !reason.trim() ? b.reasonRequired : undefined;
  const mobileOk = !!target || BUYER_MOBILE_PATTERN.test(mobile.trim());
  const mobileError = touched && !mobileOk ? b.mobileInvalid : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={b.blockTitle}
      description={target ? b.blockDescription(target.name, target.mobile) : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!reason.trim() || !mobileOk) return;
        save.mutate(
          target
            ? { order_id: target.orderId, reason: reason.trim() }
            : { mobile: mobile.trim(), buyer_name: name.trim(), reason: reason.trim() },
        );
      }}
      pending={save.isPending}
      className="gap-4"
    >
      {target ? null : (
        <>
          <Field label={b.mobileField} error={mobileError} required>
            <Input
              value={mobile}
              inputMode="numeric"
              maxLength={11}
              autoComplete="off"
              onChange={(e) => setMobile(e.target.value)}
            />
          </Field>
          <Field label={b.nameField}>
            <Input value={name} maxLength={64} autoComplete="off" onChange={(e) => setName(e.target.value)} />
          </Field>
        </>
      )}
      <Field label={b.reasonField} error={reasonError} required>
        <Input
          value={reason}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
