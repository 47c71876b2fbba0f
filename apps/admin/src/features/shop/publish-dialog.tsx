import type { ListingResult } from '@consign/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LIST_TEXT } from '../../common/list/texts';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { draftOf, PublishTargetsEditor, type TargetDraft, targetOf } from './publish-targets';
import { SHOP_TEXT } from './texts';

const text = SHOP_TEXT.publish;

/** What the dialog publishes: goods to the shops chosen, or one failed listing again. */
export type PublishDialogSubject =
  | { kind: 'publish'; goodsIds: number[] }
  | { kind: 'republish'; listing: ListingResult };

/**
 * 发布到店铺 (商品管理) and 重新发布 (复制记录): the shops and each one's choices; 重新发布 starts
 * from the listing's previous choices with its shop fixed. Mount it keyed by its subject: each is a new form.
 */
export function PublishDialog({
  subject,
  onOpenChange,
}: {
  subject: PublishDialogSubject | null;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<TargetDraft[]>(() =>
    subject?.kind === 'republish'
      ? [
          draftOf(subject.listing.shop_id, {
            cat_id: subject.listing.cat_id,
            cat_name: subject.listing.cat_name,
            cost_template_id: subject.listing.cost_template_id,
            properties: subject.listing.properties ?? {},
          }),
        ]
      : [],
  );
  const [error, setError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: async () => {
      if (!subject) return;
      if (subject.kind === 'republish') {
        const { shop_id: _shop, ...choices } = targetOf(drafts[0] ?? draftOf(subject.listing.shop_id));
        await api.call('/api/goods/republish', { id: subject.listing.id, ...choices });
        await invalidateAfter(queryClient, '/api/goods/republish');
        toast.success(text.requeued);
        return;
      }
      // One request per shop: each has its own category, properties and freight template.
      let created = 0;
      let existing = 0;
      try {
        for (const draft of drafts) {
          const { shop_id, ...choices } = targetOf(draft);
          const result = await api.call('/api/goods/publish', {
            goods_ids: subject.goodsIds,
            shop_ids: [shop_id],
            ...choices,
          });
          created += result.created;
          existing += result.existing;
        }
      } finally {
        await invalidateAfter(queryClient, '/api/goods/publish');
      }
      if (created > 0) toast.success(text.started(created));
      if (existing > 0) toast.info(text.existing(existing));
    },
    onSuccess: () => onOpenChange(false),
    onError: (thrown) => setError(thrown instanceof Error ? thrown.message : String(thrown)),
  });
  const title = subject?.kind === 'republish' ? text.republishTitle : text.title;
  return (
    <Dialog open={subject !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (submit.isPending) return;
            setError(null);
            if (drafts.length === 0) setError(text.chooseShop);
            else submit.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {subject?.kind !== 'republish'
                ? text.description(subject?.goodsIds.length ?? 0)
                : subject.listing.platform_goods_id
                  ? text.republishExisting(subject.listing.shop_name, subject.listing.platform_goods_id)
                  : text.republishDescription(subject.listing.shop_name)}
            </DialogDescription>
          </DialogHeader>
          <PublishTargetsEditor
            value={drafts}
            onChange={setDrafts}
            lockedShopId={subject?.kind === 'republish' ? subject.listing.shop_id : undefined}
          />
          {error ? (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" onClick={() => onOpenChange(false)}>
              {LIST_TEXT.cancel}
            </Button>
            <Button type="submit" variant="primary" loading={submit.isPending}>
              {title}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
