import type { ShopGroup } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
import { Field, Input, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FormDialog } from '../list/form-dialog';
import { StaleRecordAlert } from '../versions/stale-record-alert';
import { SHOP_COPY } from './copy';

const g = SHOP_COPY.groups;
export const GROUP_NAME_MAX = 32;

/** The error of a group name, or undefined when it is valid (1-32 characters after trimming). */
export function groupNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return g.nameRequired;
  if ([...trimmed].length > GROUP_NAME_MAX) return g.nameTooLong;
  return undefined;
}

/**
 * Creates a group (`group` null) or renames one. On success: a toast, the group and shop lists
 * refreshed, the dialog closed. On failure the dialog stays open with what was typed.
 */
export function GroupNameDialog({
  group,
  open,
  onOpenChange,
}: {
  group: ShopGroup | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setName(group?.name ?? '');
      setTouched(false);
    }
  }, [open, group]);
  const save = useMutation({
    ...callMutation(api, '/api/shop/group-save'),
    onSuccess: (saved) => {
      toast.success(group ? g.renamed(saved.name) : g.created(saved.name));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/shop/group-index') }),
    onSuccess: () => save.reset(),
  });
  const { reset: forgetSave } = save;
  useEffect(() => {
    if (open) forgetSave();
  }, [open, forgetSave]);
  const error = touched ? groupNameError(name) : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? g.renameTitle : g.createTitle}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (groupNameError(name)) return;
        save.mutate(
          group ? { id: group.id, name: name.trim(), version: group.version } : { name: name.trim() },
        );
      }}
      pending={save.isPending}
      className="gap-4"
    >
      <Field label={g.name} required error={error}>
        <Input
          value={name}
          placeholder={g.namePlaceholder}
          maxLength={64}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
        />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}
