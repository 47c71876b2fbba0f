import {
  IMPORT_MAX_ROWS,
  isValidMobile,
  type OrderFilePreview,
  type OrderFileResult,
  parseYuan,
} from '@consign/api-client';
import { orderCreateBodySchema } from '@consign/api-client/contract';
import {
  Button,
  Dialog,
  DialogClose,
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
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { useApi } from '../../lib/use-api';
import { ShopSelect } from '../list/shop-select';
import { useSubmitOnce } from '../list/use-submit-once';
import { ORDER_ENTRY_TEXT as e } from './order-entry-texts';
import { ImportDialog } from './order-import';
import { problemMessage } from './problem-message';

/**
 * 手工建单 and 导入订单 on 代发订单, for shops without API access. The server checks both with one
 * schema (the contract's `orderEntrySchema`); the form below checks the same fields as typed (yuan as
 * text, whitespace in the mobile) and hands the contract's schema the converted body, so what passes
 * here passes there.
 */

// ---- 手工建单 -------------------------------------------------------------------------------------

const required = (label: string, max: number) =>
  z.string().trim().min(1, e.required(label)).max(max, e.tooLong(label, max));
const optional = (label: string, max: number) => z.string().trim().max(max, e.tooLong(label, max));
const yuan = z.string().refine((text) => parseYuan(text) !== undefined, e.badMoney);

/** The form as typed, turned into the body of `/api/order/create` and checked by the contract. */
const manualFormSchema = z
  .object({
    shop_id: z.string().min(1, e.importShopFirst),
    platform_order_no: optional(e.platformOrderNo, 64),
    items: z
      .array(
        z.object({
          title: required(e.itemTitle, 120),
          sku: optional(e.itemSku, 120),
          quantity: z.string().regex(/^\s*[1-9]\d{0,3}\s*$/, e.badQuantity),
          price: yuan,
        }),
      )
      .min(1)
      .max(50),
    amount: yuan,
    buyer_message: optional(e.buyerMessage, 500),
    receiver: z.object({
      name: required(e.receiverName, 32),
      mobile: z.string().refine(isValidMobile, e.badMobile),
      address: required(e.receiverAddress, 200),
    }),
  })
  .transform(
    (v): z.input<typeof orderCreateBodySchema> => ({
      shop_id: Number(v.shop_id),
      platform_order_no: v.platform_order_no || undefined,
      items: v.items.map((item) => ({
        title: item.title,
        sku: item.sku || undefined,
        quantity: Number(item.quantity.trim()),
        price: parseYuan(item.price) ?? 0,
      })),
      amount: parseYuan(v.amount) ?? 0,
      buyer_message: v.buyer_message || undefined,
      receiver: v.receiver,
    }),
  )
  .pipe(orderCreateBodySchema);

type ManualForm = z.input<typeof manualFormSchema>;
type ManualBody = z.output<typeof manualFormSchema>;

const EMPTY_ITEM = { title: '', sku: '', quantity: '1', price: '' };
const EMPTY_FORM: ManualForm = {
  shop_id: '',
  platform_order_no: '',
  items: [EMPTY_ITEM],
  amount: '',
  buyer_message: '',
  receiver: { name: '', mobile: '', address: '' },
};

export function ManualOrderButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{e.manualOpen}</Button>
      {open ? <ManualOrderDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

function ManualOrderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState('');
  const form = useForm<ManualForm, unknown, ManualBody>({
    resolver: zodResolver(manualFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const items = useFieldArray({ control, name: 'items' });
  const typedItems = useWatch({ control, name: 'items' });
  const itemsTotal = typedItems.reduce(
    (sum, item) => sum + (parseYuan(item.price ?? '') ?? 0) * (Number(item.quantity) || 0),
    0,
  );
  const create = useMutation({
    mutationFn: (body: ManualBody) => api.call('/api/order/create', body, { skipErrorHandler: true }),
    onSuccess: async (created) => {
      toast.success(e.created(created.order_no));
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      onOpenChange(false);
    },
    onError: (error) => setProblem(problemMessage(error)),
  });
  const submit = useSubmitOnce(
    handleSubmit((body) => {
      setProblem('');
      create.mutate(body);
    }),
    create.isPending,
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-slot="manual-order">
        <DialogHeader>
          <DialogTitle>{e.manualTitle}</DialogTitle>
          <DialogDescription>{e.manualHint}</DialogDescription>
        </DialogHeader>
        <form noValidate className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto pr-1" {...submit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={e.shop} required error={errors.shop_id?.message}>
              <Controller
                control={control}
                name="shop_id"
                render={({ field }) => (
                  <ShopSelect
                    value={field.value}
                    onChange={field.onChange}
                    label={e.shop}
                    placeholder={e.shopPlaceholder}
                  />
                )}
              />
            </Field>
            <Field
              label={e.platformOrderNo}
              description={e.platformOrderNoHint}
              error={errors.platform_order_no?.message}
            >
              <Input {...register('platform_order_no')} />
            </Field>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{e.items}</legend>
            {items.fields.map((item, index) => (
              <div key={item.id} className="grid items-start gap-2 sm:grid-cols-[2fr_1fr_5rem_7rem_auto]">
                <Field label={e.itemTitle} required error={errors.items?.[index]?.title?.message}>
                  <Input {...register(`items.${index}.title`)} />
                </Field>
                <Field label={e.itemSku} error={errors.items?.[index]?.sku?.message}>
                  <Input {...register(`items.${index}.sku`)} />
                </Field>
                <Field label={e.itemQuantity} required error={errors.items?.[index]?.quantity?.message}>
                  <Input inputMode="numeric" {...register(`items.${index}.quantity`)} />
                </Field>
                <Field label={e.itemPrice} required error={errors.items?.[index]?.price?.message}>
                  <Input inputMode="decimal" {...register(`items.${index}.price`)} />
                </Field>
                <Button
                  type="button"
                  variant="link"
                  className="mt-7"
                  disabled={items.fields.length === 1}
                  aria-label={e.removeItem(index + 1)}
                  onClick={() => items.remove(index)}
                >
                  ×
                </Button>
              </div>
            ))}
            <div>
              <Button
                type="button"
                size="sm"
                disabled={items.fields.length >= 50}
                onClick={() => items.append(EMPTY_ITEM)}
              >
                {e.addItem}
              </Button>
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={e.amount}
              required
              description={e.amountHint(formatMoney(itemsTotal))}
              error={errors.amount?.message}
            >
              <Input inputMode="decimal" {...register('amount')} />
            </Field>
            <Field label={e.buyerMessage} error={errors.buyer_message?.message}>
              <Input {...register('buyer_message')} />
            </Field>
            <Field label={e.receiverName} required error={errors.receiver?.name?.message}>
              <Input autoComplete="off" {...register('receiver.name')} />
            </Field>
            <Field label={e.receiverMobile} required error={errors.receiver?.mobile?.message}>
              <Input inputMode="tel" autoComplete="off" {...register('receiver.mobile')} />
            </Field>
            <Field
              className="sm:col-span-2"
              label={e.receiverAddress}
              required
              error={errors.receiver?.address?.message}
            >
              <Input autoComplete="off" {...register('receiver.address')} />
            </Field>
          </div>
          {problem ? (
            <p role="alert" className="text-error text-sm">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button">{e.close}</Button>
            </DialogClose>
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? e.saving : e.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---- 导入订单 -------------------------------------------------------------------------------------

/**
 * The template: the 拼多多 export's column names (the server reads these and their synonyms:
 * ORDER_FILE_COLUMNS in api-server's src/order-file.ts) and one example row, with a BOM for Excel.
 */
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(
  '\uFEFF订单号,订单状态,商品,商品规格,商品数量(件),商品总价(元),用户实付金额(元),收货人,手机,省,市,区,街道,详细地址,买家留言\r\n' +
    '240101-000000000001,待发货,纯棉短袖T恤,白色 L,2,119.80,109.80,王小明,13812345678,浙江省,杭州市,西湖区,文新街道,文一西路 100 号,请尽快发货\r\n',
)}`;

export function OrderFileImportButton() {
  const [open, setOpen] = useState(false);
  const api = useApi();
  const [shopId, setShopId] = useState('');
  return (
    <>
      <Button onClick={() => setOpen(true)}>{e.importOpen}</Button>
      {open ? (
        <ImportDialog<OrderFilePreview, OrderFileResult>
          // A new shop starts over: the file is checked against that shop's orders.
          key={shopId}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setShopId('');
          }}
          slot="order-file-import"
          title={e.importTitle}
          hint={e.importHint(IMPORT_MAX_ROWS)}
          template={{ href: TEMPLATE_HREF, name: '订单导入模板.csv' }}
          ready={shopId !== ''}
          before={
            <Field label={e.shop} required description={shopId ? undefined : e.importShopFirst}>
              <ShopSelect
                value={shopId}
                onChange={setShopId}
                label={e.shop}
                placeholder={e.shopPlaceholder}
                enabled={open}
                className="w-72"
              />
            </Field>
          }
          preview={(file) =>
            api.call(
              '/api/order/import-orders-preview',
              { shop_id: Number(shopId), file },
              { skipErrorHandler: true },
            )
          }
          apply={(file) =>
            api.call(
              '/api/order/import-orders-apply',
              { shop_id: Number(shopId), file },
              { skipErrorHandler: true },
            )
          }
          applyPath="/api/order/import-orders-apply"
          counts={(preview) => preview}
          resultSummary={(result) => e.resultSummary(result.created, result.updated, result.failed)}
          renderPreview={(preview) => <OrderFilePreviewTable preview={preview} />}
          renderResult={(result) => <OrderFileResultTable result={result} />}
        />
      ) : null}
    </>
  );
}

const c = e.columns;
const cell = 'py-1 pr-2';

function OrderFilePreviewTable({ preview }: { preview: OrderFilePreview }) {
  return (
    <div className="max-h-96 overflow-y-auto">
      <table className="w-full text-sm" data-slot="import-preview">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className={`${cell} font-normal`}>{c.line}</th>
            <th className={`${cell} font-normal`}>{c.platformOrderNo}</th>
            <th className={`${cell} font-normal`}>{c.title}</th>
            <th className={`${cell} font-normal`}>{c.receiver}</th>
            <th className={`${cell} text-right font-normal`}>{c.amount}</th>
            <th className="py-1 font-normal">{c.state}</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <tr
                key={row.line}
                className={`border-border border-t ${bad ? 'bg-error/10' : ''}`}
                data-state={bad ? 'failed' : 'ok'}
              >
                <td className={`${cell} tabular-nums`}>{row.line}</td>
                <td className={`${cell} font-mono break-all`}>{row.platform_order_no}</td>
                <td className={`${cell} break-all`}>{row.title}</td>
                <td className={cell}>{row.receiver_name}</td>
                <td className={`${cell} text-right tabular-nums`}>
                  {row.amount === null ? '' : formatMoney(row.amount)}
                </td>
                <td className={`py-1 break-all ${bad ? 'text-error' : 'text-success'}`}>
                  {bad ? row.errors.join('；') : row.exists ? e.rowUpdate : e.rowNew}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function OrderFileResultTable({ result }: { result: OrderFileResult }) {
  return (
    <div className="max-h-96 overflow-y-auto">
      <table className="w-full text-sm" data-slot="import-result">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className={`${cell} font-normal`}>{c.line}</th>
            <th className={`${cell} font-normal`}>{c.platformOrderNo}</th>
            <th className={`${cell} font-normal`}>{c.orderNo}</th>
            <th className={`${cell} font-normal`}>{c.outcome}</th>
            <th className="py-1 font-normal">{c.reason}</th>
          </tr>
        </thead>
        <tbody>
          {result.results.map((r) => (
            <tr
              key={r.line}
              className="border-border border-t"
              data-state={r.outcome === 'failed' ? 'failed' : 'ok'}
            >
              <td className={`${cell} tabular-nums`}>{r.line}</td>
              <td className={`${cell} font-mono break-all`}>{r.platform_order_no}</td>
              <td className={`${cell} font-mono`}>{r.order_no}</td>
              <td className={`${cell} ${r.outcome === 'failed' ? 'text-error' : 'text-success'}`}>
                {e.outcome[r.outcome]}
              </td>
              <td className="py-1 break-all">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
