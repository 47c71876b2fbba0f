import type { BlacklistEntry } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
import { Field, Input, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { maxLengthOf, useContractForm } from '../../common/form';
import { FormDialog } from '../../common/list/form-dialog';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { blacklistForm, blacklistMessages } from './blacklist-dialog';
import { BUYER_TEXT } from './texts';

/**
 * 修改拉黑原因: the reason of a 黑名单 entry, saved at the version read. A stale save (409) keeps what
 * was typed and offers 重新加载 (the list is read again; the page passes the current entry, and the
 * dialog, keyed by its opening and the entry's version, starts over from it). On success: a toast, the blacklist refreshed, the dialog closed.
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
  const form = useContractForm(blacklistForm, {
    defaultValues: entry ? { id: entry.id, version: entry.version, reason: entry.reason } : { reason: '' },
    messages: blacklistMessages,
  });
  const save = useMutation({
    ...callMutation(api, '/api/buyer/blacklist-save'),
    onSuccess: (saved) => {
      toast.success(BUYER_TEXT.reasonSaved(saved.buyer_name || saved.mobile));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/buyer/blacklist-index') }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={BUYER_TEXT.editReasonTitle}
      description={
        entry ? BUYER_TEXT.editReasonDescription(entry.buyer_name || entry.mobile, entry.mobile) : undefined
      }
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      className="gap-4"
    >
      <Field label={BUYER_TEXT.reasonField} error={form.formState.errors.reason?.message} required>
        <Input
          maxLength={maxLengthOf(blacklistForm.shape.reason)}
          autoComplete="off"
          {...form.register('reason')}
        />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}
