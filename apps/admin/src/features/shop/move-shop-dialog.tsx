import type { Shop } from '@consign/api-client';
import { shopMoveBodySchema } from '@consign/api-client/contract';
import { apiKey } from '@consign/api-client/query';
import { Field, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { SelectField, useContractForm } from '../../common/form';
import { FormDialog } from '../../common/list/form-dialog';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { useGroupOptions } from './group-options';
import { SHOP_TEXT } from './texts';

const NONE = 'none';

/** 移动分组: the contract's move body, the group picked as text (`none`: no group). */
export const moveForm = shopMoveBodySchema.extend({
  group_id: z
    .string()
    .transform((picked): string | number | null => (picked === NONE ? null : picked))
    .pipe(shopMoveBodySchema.shape.group_id),
});

/**
 * Moves one shop into another group (or none); the shop and group lists refresh after it. Keyed by
 * its opening and the shop's version: each is a new form.
 */
export function MoveShopDialog({
  shop,
  open,
  onOpenChange,
}: {
  shop: Shop | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const groups = useGroupOptions();
  const form = useContractForm(moveForm, {
    defaultValues: {
      shop_id: shop?.id ?? 0,
      group_id: shop?.group_id ? String(shop.group_id) : NONE,
      version: shop?.version ?? 0,
    },
    messages: {},
  });
  const move = useMutation({
    ...callMutation(api, '/api/shop/move'),
    onSuccess: (moved) => {
      toast.success(SHOP_TEXT.moved(moved.name, moved.group_name || SHOP_TEXT.noGroup));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/shop/index') }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={SHOP_TEXT.moveTitle}
      description={shop ? SHOP_TEXT.moveDescription(shop.name) : null}
      onSubmit={form.handleSubmit((body) => move.mutate(body))}
      pending={move.isPending}
      className="gap-4"
    >
      <Field label={SHOP_TEXT.moveTarget}>
        <SelectField
          control={form.control}
          name="group_id"
          options={[
            { value: NONE, label: SHOP_TEXT.noGroup },
            ...groups.map((group) => ({ value: String(group.id), label: group.name })),
          ]}
        />
      </Field>
      <StaleRecordAlert error={move.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}
