import type { Shop } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
import { Field, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FormDialog } from '../list/form-dialog';
import { StaleRecordAlert } from '../versions/stale-record-alert';
import { SHOP_COPY } from './copy';
import { useGroupOptions } from './group-options';

const NONE = 'none';

/** Moves one shop into another group (or none); the shop and group lists refresh after it. */
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
  const [target, setTarget] = useState(NONE);
  useEffect(() => {
    if (open && shop) setTarget(shop.group_id ? String(shop.group_id) : NONE);
  }, [open, shop]);
  const move = useMutation({
    ...callMutation(api, '/api/shop/move'),
    onSuccess: (moved) => {
      toast.success(SHOP_COPY.moved(moved.name, moved.group_name || SHOP_COPY.noGroup));
      onOpenChange(false);
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.invalidateQueries({ queryKey: apiKey('/api/shop/index') }),
    onSuccess: () => move.reset(),
  });
  const { reset: forgetMove } = move;
  useEffect(() => {
    if (open) forgetMove();
  }, [open, forgetMove]);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={SHOP_COPY.moveTitle}
      description={shop ? SHOP_COPY.moveDescription(shop.name) : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (!shop) return;
        move.mutate({
          shop_id: shop.id,
          group_id: target === NONE ? null : Number(target),
          version: shop.version,
        });
      }}
      pending={move.isPending}
      className="gap-4"
    >
      <Field label={SHOP_COPY.moveTarget}>
        <Select value={target} onValueChange={setTarget}>
          <SelectTrigger className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{SHOP_COPY.noGroup}</SelectItem>
            {groups.map((group) => (
              <SelectItem key={group.id} value={String(group.id)}>
                {group.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <StaleRecordAlert error={move.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
    </FormDialog>
  );
}
