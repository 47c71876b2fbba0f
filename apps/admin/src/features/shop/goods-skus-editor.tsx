import { type GoodsDetail, matchSpec, offerLink, type SupplierOffer } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
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
  toast,
} from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { problemMessage } from '../../common/problem-message';
import { StaleRecordAlert } from '../../common/versions/stale-record-alert';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { type SkuRow, skuRows, skusBody } from './goods-skus-form';
import { SHOP_TEXT } from './texts';

const skuText = SHOP_TEXT.skus;

/**
 * 商品编辑 → 规格与货源: the product's SKUs (spec, price in 元, stock, 商家编码) added, edited, removed and
 * reordered, each with its 货源 on 1688 (chosen from the offer read through the seller's 1688 account),
 * saved together at the product's version.
 */
export function GoodsSkusEditor({ goods }: { goods: GoodsDetail }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [rows, setRows] = useState<SkuRow[]>(() => skuRows(goods.skus));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [sourcing, setSourcing] = useState<number | null>(null);
  const [backingUp, setBackingUp] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = useMutation({
    ...callMutation(api, '/api/goods/sku-save'),
    onSuccess: (saved) => {
      toast.success(skuText.saved);
      queryClient.setQueryData(apiKey('/api/goods/detail', { id: saved.id }), saved);
    },
  });
  const reload = useMutation({
    mutationFn: () =>
      queryClient.invalidateQueries({ queryKey: apiKey('/api/goods/detail', { id: goods.id }) }),
  });
  const change = (next: SkuRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const update = (index: number, patch: Partial<SkuRow>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    change(next);
  };
  const submit = () => {
    const checked = skusBody(rows);
    setErrors(checked.errors);
    if (checked.skus) save.mutate({ id: goods.id, version: goods.version, skus: checked.skus });
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div>
        <h2 id={titleId} className="text-base font-medium">
          {skuText.title}
        </h2>
        <p className="text-sm text-muted-foreground">{skuText.intro}</p>
      </div>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{skuText.none}</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <li
            key={row.key}
            aria-label={skuText.rowLabel(index + 1, row.spec)}
            data-slot="sku-row"
            className="flex flex-col gap-2 rounded-md border border-border p-3"
          >
            <div className="grid gap-2 sm:grid-cols-4">
              <Field label={skuText.spec}>
                <Input
                  value={row.spec}
                  maxLength={200}
                  placeholder={skuText.specPlaceholder}
                  onChange={(event) => update(index, { spec: event.target.value })}
                />
              </Field>
              <Field label={skuText.price}>
                <Input
                  inputMode="decimal"
                  value={row.price}
                  onChange={(event) => update(index, { price: event.target.value })}
                />
              </Field>
              <Field label={skuText.stock}>
                <Input
                  inputMode="numeric"
                  value={row.stock}
                  onChange={(event) => update(index, { stock: event.target.value })}
                />
              </Field>
              <Field label={skuText.outer}>
                <Input
                  value={row.outer_sku_id}
                  maxLength={64}
                  onChange={(event) => update(index, { outer_sku_id: event.target.value })}
                />
              </Field>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted-foreground">{skuText.source}：</span>
              <OfferText offer={row.source} slot="sku-source" empty={skuText.noSource} />
              <Button type="button" size="sm" onClick={() => setSourcing(index)}>
                {row.source ? skuText.changeSource : skuText.linkSource}
              </Button>
              {row.source ? (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => update(index, { source: null, backup: null })}
                >
                  {skuText.clearSource}
                </Button>
              ) : null}
              <span className="ml-auto flex gap-1">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  aria-label={skuText.up(index + 1)}
                  onClick={() => move(index, -1)}
                >
                  {skuText.upShort}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={index === rows.length - 1}
                  aria-label={skuText.down(index + 1)}
                  onClick={() => move(index, 1)}
                >
                  {skuText.downShort}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={skuText.remove(index + 1)}
                  onClick={() => change(rows.filter((_, i) => i !== index))}
                >
                  {skuText.removeShort}
                </Button>
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm" data-slot="sku-backup-row">
              <span className="text-muted-foreground">{skuText.backup}：</span>
              <OfferText offer={row.backup} slot="sku-backup" empty={skuText.noBackup} />
              <Button type="button" size="sm" disabled={!row.source} onClick={() => setBackingUp(index)}>
                {row.backup ? skuText.changeBackup : skuText.linkBackup}
              </Button>
              {row.backup ? (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => update(index, { backup: null })}
                >
                  {skuText.clearBackup}
                </Button>
              ) : null}
            </div>
            {errors[index] ? (
              <p role="alert" className="text-sm text-error">
                {errors[index]}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {errors[-1] ? (
        <p role="alert" className="text-sm text-error">
          {errors[-1]}
        </p>
      ) : null}
      <StaleRecordAlert error={save.error} onReload={() => reload.mutate()} reloading={reload.isPending} />
      <div className="flex gap-2">
        <Button
          type="button"
          onClick={() =>
            change([
              ...rows,
              {
                key: crypto.randomUUID(),
                spec: '',
                price: '',
                stock: '0',
                outer_sku_id: '',
                source: null,
                backup: null,
              },
            ])
          }
        >
          {skuText.add}
        </Button>
        <Button type="button" variant="primary" disabled={!dirty || save.isPending} onClick={submit}>
          {save.isPending ? SHOP_TEXT.saving : skuText.save}
        </Button>
      </div>
      {sourcing !== null ? (
        <SourceDialog
          wanted={rows[sourcing]?.spec ?? ''}
          onClose={() => setSourcing(null)}
          onChoose={(source) => {
            update(sourcing, { source });
            setSourcing(null);
          }}
        />
      ) : null}
      {backingUp !== null ? (
        <SourceDialog
          title={skuText.backupDialogTitle}
          wanted={rows[backingUp]?.spec ?? ''}
          onClose={() => setBackingUp(null)}
          onChoose={(backup) => {
            update(backingUp, { backup });
            setBackingUp(null);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * 关联货源: paste a 1688 offer link or id, read it, choose its spec and the quantity per unit (also the
 * order detail's 关联货源, which reads the offer through `/api/purchase/offer`: the permission of
 * linking an order line, order:process, rather than 商品编辑's goods:manage).
 */
/** A SKU's 货源 or 备用货源 as a link to its 1688 offer, or the words for none. */
function OfferText({
  offer,
  slot,
  empty,
}: {
  offer: SkuRow['source'] | SkuRow['backup'];
  slot: string;
  empty: string;
}) {
  if (!offer) {
    return (
      <span className="text-muted-foreground" data-slot={slot}>
        {empty}
      </span>
    );
  }
  return (
    <a
      href={offerLink(offer.offer_id)}
      target="_blank"
      rel="noreferrer"
      className="text-link underline-offset-4 hover:underline"
      data-slot={slot}
    >
      {skuText.sourceText(offer.offer_id, offer.spec_text, offer.quantity, formatMoney(offer.cost))}
    </a>
  );
}

export function SourceDialog({
  onClose,
  onChoose,
  readPath = '/api/goods/supplier-offer',
  wanted = '',
  title = skuText.dialogTitle,
  refusal = '',
  saving = false,
}: {
  onClose: () => void;
  onChoose: (source: NonNullable<SkuRow['source']>) => void;
  /**
   * The server's refusal of the source chosen, when choosing saves it (订单详情's 关联货源): shown here,
   * with the offer read, its spec and quantity kept for another try.
   */
  refusal?: string;
  /** Choosing is being saved: 使用此货源 waits, so a second click sends nothing twice. */
  saving?: boolean;
  readPath?: '/api/goods/supplier-offer' | '/api/purchase/offer';
  /** The spec the order line or SKU names (`藏青,XL`): its match among the offer's specs is chosen. */
  wanted?: string;
  /** The dialog's title (设置备用1688货源 for a 备用货源). */
  title?: string;
}) {
  const api = useApi();
  const [text, setText] = useState('');
  const [specId, setSpecId] = useState<string>('');
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState('');
  const read = useMutation({
    mutationFn: (offer: string) =>
      api.call(readPath, { offer }, { skipErrorHandler: true }) as Promise<SupplierOffer>,
    onSuccess: (offer) => {
      // The spec the order names (contract's matchSpec), never another colour or size in its place;
      // without a spec to match, the first in stock.
      const matched = wanted.trim() ? matchSpec(wanted, offer.specs) : null;
      const chosen = wanted.trim() ? matched : offer.specs.find((spec) => spec.stock > 0);
      setSpecId(chosen && chosen.stock > 0 ? chosen.spec_id : '');
      setProblem(
        matched && matched.stock === 0
          ? skuText.matchedOutOfStock(matched.spec)
          : wanted.trim() && !matched && offer.specs.length > 0
            ? skuText.noMatch(wanted)
            : '',
      );
    },
    // The server's own words (未连接1688采购账号, 1688商品不存在或已下架, ...), not the status's.
    onError: (error) => setProblem(problemMessage(error) || skuText.readFailed),
  });
  const offer = read.data;
  const chosen = offer?.specs.find((spec) => spec.spec_id === specId);
  const choose = () => {
    if (!offer) return;
    const n = Number(quantity);
    if (!/^\d{1,4}$/.test(quantity.trim()) || n < 1 || n > 1000) {
      setProblem(skuText.quantityError);
      return;
    }
    if (!offer.on_sale) {
      setProblem(skuText.offGone);
      return;
    }
    if (offer.specs.length > 0 && !chosen) {
      setProblem(skuText.specRequired);
      return;
    }
    onChoose({
      offer_id: offer.offer_id,
      spec_id: chosen?.spec_id ?? null,
      spec_text: chosen?.spec ?? '',
      quantity: n,
      cost: chosen?.price ?? offer.price,
    });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{skuText.dialogIntro}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) read.mutate(text.trim());
          }}
        >
          <Field label={skuText.offerInput}>
            <Input
              value={text}
              maxLength={2048}
              placeholder="https://detail.1688.com/offer/610000000001.html"
              onChange={(event) => setText(event.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" loading={read.isPending} disabled={!text.trim()}>
              {skuText.read}
            </Button>
          </div>
        </form>
        {offer ? (
          <div className="flex flex-col gap-2 text-sm" data-slot="supplier-offer">
            <div className="flex items-center gap-2">
              {offer.images[0] ? (
                <img
                  src={offer.images[0]}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 rounded-sm border"
                />
              ) : null}
              <div>
                <p className="font-medium">{offer.title}</p>
                <p className="text-muted-foreground">
                  {offer.on_sale
                    ? skuText.offerPrice(formatMoney(offer.price), offer.stock)
                    : skuText.offGone}
                </p>
              </div>
            </div>
            {offer.specs.length > 0 ? (
              <fieldset className="flex flex-col gap-1">
                <legend className="mb-1 text-muted-foreground">{skuText.chooseSpec}</legend>
                {offer.specs.map((spec) => (
                  <label
                    key={spec.spec_id}
                    data-out-of-stock={spec.stock === 0 ? 'yes' : undefined}
                    className={`flex items-center gap-2 ${spec.stock === 0 ? 'text-muted-foreground' : ''}`}
                  >
                    <input
                      type="radio"
                      name="supplier-spec"
                      value={spec.spec_id}
                      checked={spec.spec_id === specId}
                      disabled={spec.stock === 0}
                      onChange={() => setSpecId(spec.spec_id)}
                    />
                    {skuText.specOption(spec.spec, formatMoney(spec.price), spec.stock)}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="text-muted-foreground">{skuText.noSpecs}</p>
            )}
            <Field label={skuText.quantity} description={skuText.quantityHint}>
              <Input
                inputMode="numeric"
                wrapperClassName="w-32"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
              />
            </Field>
          </div>
        ) : null}
        {problem || refusal ? (
          <p role="alert" className="text-sm text-error">
            {problem || refusal}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {skuText.cancel}
          </Button>
          <Button type="button" variant="primary" disabled={!offer || saving} onClick={choose}>
            {skuText.useSource}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
