import type { ShopGroup } from '@consign/api-client';
import { shopGroupSaveBodySchema } from '@consign/api-client/contract';
import { apiKey } from '@consign/api-client/query';
import { Field, Input, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { type FieldMessages, maxLengthOf, useContractForm } from '../../common/form';
import { FormDialog } from '../../common/list/form-dialog';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SHOP_TEXT } from './texts';

const groupsText = SHOP_TEXT.groups;

/** The group dialog: the contract's save body (a name of 1-32 characters). */
export const groupForm = shopGroupSaveBodySchema;
export const groupMessages: FieldMessages<z.input<typeof groupForm>> = {
  name: {
    too_small: groupsText.nameRequired,
    too_big: groupsText.nameTooLong,
    default: groupsText.nameRequired,
  },
};

/**
 * Creates a group (`group` null) or renames one. On success: a toast, the group and shop lists
 * refreshed, the dialog closed. On failure the dialog stays open with what was typed. Keyed by its
 * opening and the group's version (`formKey`): each is a new form.
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
  const form = useContractForm(groupForm, {
    defaultValues: group ? { id: group.id, name: group.name, version: group.version } : { name: '' },
    messages: groupMessages,
  });
  const save = useMutation({
    ...callMutation(api, '/api/shop/group-save'),
    onSuccess: (saved) => {
      toast.success(group ? groupsText.renamed(saved.name) : groupsText.created(saved.name));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/shop/group-index') }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? groupsText.renameTitle : groupsText.createTitle}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      className="gap-4"
    >
      <Field label={groupsText.name} required error={form.formState.errors.name?.message}>
        <Input
          placeholder={groupsText.namePlaceholder}
          maxLength={maxLengthOf(groupForm.shape.name)}
          autoComplete="off"
          {...form.register('name')}
        />
      </Field>
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}
