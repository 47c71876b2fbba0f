import type { BlacklistEntry } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
import { Field, Input, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FormDialog } from '../list/form-dialog';
import { StaleRecordAlert } from '../versions/stale-record-alert';
import { BUYER_COPY as b } from './copy';

/**
 * 修改拉黑原因: the reason of a 黑名单 entry, saved at the version read. A stale save (409) keeps what
 * was typed and offers 重新加载 (the list is read again; the page passes the current entry, and the
 * dialog starts over from it). On success: a toast, the blacklist refreshed, the dialog closed.
 */
export function BlacklistReasonDialog({
  entry,
  open,
  onOpenChange,
}: {
  entry: BlacklistEntry | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason(entry?.reason ?? '');
      setTouched(false);
    }
  }, [open, entry]);
  const save = useMutation({
    ...callMutation(api, '/api/buyer/blacklist-save'),
    onSuccess: (saved) => {
      toast.success(b.reasonSaved(saved.buyer_name || saved.mobile));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/buyer/blacklist-index') }),
    onSuccess: () => save.reset(),
  });
  const { reset: forgetSave } = save;
  useEffect(() => {
    if (open) forgetSave();
  }, [open, forgetSave]);
  const reasonError = touched && !reason.trim() ? b.reasonRequired : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={b.editReasonTitle}
      description={
        entry ? b.editReasonDescription(entry.buyer_name || entry.mobile, entry.mobile) : undefined
      }
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!entry || !reason.trim()) return;
        save.mutate({ id: entry.id, version: entry.version, reason: reason.trim() });
      }}
      pending={save.isPending}
      className="gap-4"
    >
      <Field label={b.reasonField} error={reasonError} required>
        <Input
          value={reason}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}
