import {
  offerLink,
  PURCHASE_STATUS_LABELS,
  type PurchaseItem,
  type PurchaseItems,
} from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  toast,
} from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { problemMessage } from '../../common/problem-message';
import { StatusBadge, type Tone } from '../../common/status-badge';
import { callMutation, invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SourceDialog } from '../shop/goods-skus-editor';
import { PURCHASE_TEXT } from './purchase-texts';

/** 一键采购 states the `purchase` job still works on: the detail looks again until it settles. */
const ACTIVE: readonly string[] = ['queued', 'placing'];
const TONES: Record<NonNullable<PurchaseItems['purchase']>['status'], Tone> = {
  queued: 'neutral',
  placing: 'primary',
  placed: 'success',
  shipped: 'success',
  failed: 'danger',
  cancelled: 'danger',
};

/**
 * The order's lines with their 货源 and its 一键采购 (`/api/purchase/items`), polled every 2 s while the
 * purchase is queued or being placed; when it settles, the order, its lists and 工作台 are refreshed
 * (the job moved the order to 已采购, or left it 待采购 with the reason).
 */
export function usePurchaseItems(orderId: number, enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...apiQuery(api, '/api/purchase/items', { id: orderId }, { skipErrorHandler: true }),
    enabled,
    refetchInterval: (q) => (ACTIVE.includes(q.state.data?.purchase?.status ?? '') ? 2000 : false),
  });
  // 'none' before any purchase; undefined until the first answer (opening the detail refreshes nothing).
  const status = query.data ? (query.data.purchase?.status ?? 'none') : undefined;
  const last = useRef(status);
  useEffect(() => {
    // Settled since the last answer, whether or not a poll saw it queued or placing on the way (a
    // fast job places the order before the first poll after 确认采购).
    if (last.current !== undefined && last.current !== status && status && !ACTIVE.includes(status)) {
      void invalidateAfter(queryClient, '/api/purchase/start');
    }
    last.current = status;
  }, [status, queryClient]);
  return query;
}

/** An order line's 货源 in the detail: the SKU and 1688 offer it is bought as, or 未关联货源; 关联货源. */
export function LineSource({
  orderId,
  item,
  canLink,
}: {
  orderId: number;
  item: PurchaseItem | undefined;
  canLink: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!item) return null;
  return (
    <div data-slot="line-source" data-linked={item.source ? 'yes' : 'no'} className="text-xs">
      <span className="text-muted-foreground">{PURCHASE_TEXT.source}：</span>
      {item.sku_id !== null ? <span>{PURCHASE_TEXT.skuText(item.goods_title, item.spec)} </span> : null}
      {item.source ? (
        <a
          href={offerLink(item.source.offer_id)}
          target="_blank"
          rel="noreferrer"
          className="text-primary hover:underline"
        >
          {PURCHASE_TEXT.sourceText(item.source.offer_id, item.source.quantity)}
        </a>
      ) : (
        <span className="text-warning">
          {item.sku_id !== null ? PURCHASE_TEXT.skuNoSource : PURCHASE_TEXT.noSource}
        </span>
      )}
      {item.source?.backup ? (
        <a
          href={offerLink(item.source.backup.offer_id)}
          target="_blank"
          rel="noreferrer"
          className="ml-2 text-primary hover:underline"
          data-slot="line-backup-source"
        >
          {PURCHASE_TEXT.backupText(item.source.backup.offer_id, item.source.backup.quantity)}
        </a>
      ) : null}
      {canLink ? (
        <Button variant="link" size="sm" className="ml-2" onClick={() => setOpen(true)}>
          {item.source ? PURCHASE_TEXT.relink : PURCHASE_TEXT.link}
        </Button>
      ) : null}
      {open ? <LinkSourceDialog orderId={orderId} item={item} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/**
 * 关联货源 of one order line (`/api/purchase/link`): one of the account's goods SKUs
 * (`/api/purchase/skus`, searched by title), or a 1688 offer read and chosen in 商品's own 关联货源
 * dialog (its spec and units per unit sold), which stays open with the server's refusal until the link
 * is saved. A refusal keeps what was searched, read and chosen.
 */
function LinkSourceDialog({
  orderId,
  item,
  onClose,
}: {
  orderId: number;
  item: PurchaseItem;
  onClose: () => void;
}) {
  const api = useApi();
  const [keyword, setKeyword] = useState('');
  const [offering, setOffering] = useState(false);
  const [problem, setProblem] = useState('');
  const skus = useQuery(
    apiQuery(api, '/api/purchase/skus', keyword.trim() ? { keyword: keyword.trim() } : {}, {
      skipErrorHandler: true,
    }),
  );
  const link = useMutation({
    ...callMutation(api, '/api/purchase/link', { skipErrorHandler: true }),
    onSuccess: () => {
      toast.success(PURCHASE_TEXT.linked);
      onClose();
    },
    onError: (error) => setProblem(problemMessage(error)),
  });
  const base = { id: orderId, index: item.index };
  return (
    <>
      <Dialog open={!offering} onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent className="sm:max-w-2xl" data-slot="link-source-dialog">
          <DialogHeader>
            <DialogTitle>{PURCHASE_TEXT.linkTitle}</DialogTitle>
            <DialogDescription>{PURCHASE_TEXT.linkIntro(item.title, item.sku)}</DialogDescription>
          </DialogHeader>
          <section aria-label={PURCHASE_TEXT.linkSkus} className="flex flex-col gap-2 text-sm">
            <h3 className="font-medium">{PURCHASE_TEXT.linkSkus}</h3>
            <Input
              aria-label={PURCHASE_TEXT.linkSearch}
              placeholder={PURCHASE_TEXT.linkSearch}
              maxLength={64}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
            />
            <ul className="flex max-h-64 flex-col divide-y divide-border overflow-y-auto rounded-md border border-border">
              {skus.isPending ? <li className="p-2 text-muted-foreground">{PURCHASE_TEXT.loading}</li> : null}
              {skus.isError ? <li className="p-2 text-error">{problemMessage(skus.error)}</li> : null}
              {skus.data?.skus.length === 0 ? (
                <li className="p-2 text-muted-foreground">{PURCHASE_TEXT.linkNoSkus}</li>
              ) : null}
              {skus.data?.skus.map((sku) => (
                <li key={sku.sku_id} className="flex items-center gap-2 p-2" data-slot="link-sku">
                  <div className="min-w-0 flex-1">
                    <p className="truncate">{PURCHASE_TEXT.skuText(sku.goods_title, sku.spec)}</p>
                    <p className="text-muted-foreground text-xs">
                      {sku.source
                        ? PURCHASE_TEXT.sourceText(sku.source.offer_id, sku.source.quantity)
                        : PURCHASE_TEXT.skuNoSource}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    aria-label={PURCHASE_TEXT.linkChooseLabel(sku.goods_title, sku.spec)}
                    disabled={link.isPending}
                    onClick={() => link.mutate({ ...base, sku_id: sku.sku_id })}
                  >
                    {PURCHASE_TEXT.linkChoose}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
          <p className="text-muted-foreground text-sm">{PURCHASE_TEXT.linkOfferIntro}</p>
          <div>
            <Button onClick={() => setOffering(true)}>{PURCHASE_TEXT.linkOffer}</Button>
          </div>
          {problem ? (
            <p role="alert" data-slot="link-problem" className="text-error text-sm">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" onClick={onClose}>
              {PURCHASE_TEXT.cancel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {offering ? (
        <SourceDialog
          readPath="/api/purchase/offer"
          wanted={item.sku}
          refusal={problem}
          saving={link.isPending}
          onClose={() => setOffering(false)}
          onChoose={(source) => {
            // Open until the link is saved: a refusal shows there, nothing to read or choose again.
            setProblem('');
            link.mutate({
              ...base,
              offer_url: offerLink(source.offer_id),
              ...(source.spec_id ? { spec_id: source.spec_id } : {}),
              quantity: source.quantity,
            });
          }}
        />
      ) : null}
    </>
  );
}

/** 一键采购 in the order detail: where the purchase stands (排队采购 … 采购失败 with the reason in words). */
export function PurchaseStatus({ purchase }: { purchase: PurchaseItems['purchase'] }) {
  if (!purchase) return null;
  return (
    <section aria-label={PURCHASE_TEXT.status} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{PURCHASE_TEXT.status}</h3>
      <div
        className="flex flex-wrap items-center gap-2 text-sm"
        data-slot="purchase-status"
        data-status={purchase.status}
      >
        <StatusBadge label={PURCHASE_STATUS_LABELS[purchase.status]} tone={TONES[purchase.status]} />
        {purchase.supplier_order_no ? (
          <span className="font-mono">{PURCHASE_TEXT.supplierOrderNo(purchase.supplier_order_no)}</span>
        ) : null}
        {purchase.message ? (
          <span data-slot="purchase-message" className={purchase.status === 'failed' ? 'text-error' : ''}>
            {purchase.message}
          </span>
        ) : null}
      </div>
      {purchase.source_note ? (
        <p className="text-sm" data-slot="purchase-source-note">
          <StatusBadge label={PURCHASE_TEXT.backupBought} tone="primary" /> {purchase.source_note}
        </p>
      ) : null}
      {purchase.pay_status ? (
        <div
          className="flex flex-wrap items-center gap-2 text-sm"
          data-slot="purchase-payment"
          data-pay-status={purchase.pay_status}
        >
          <StatusBadge
            label={PURCHASE_TEXT.payStatus[purchase.pay_status]}
            tone={purchase.pay_status === 'paid' ? 'success' : 'neutral'}
          />
          {purchase.pay_message ? <span data-slot="pay-message">{purchase.pay_message}</span> : null}
        </div>
      ) : null}
    </section>
  );
}
