import {
  IMPORT_MAX_ROWS,
  isValidMobile,
  type OrderFilePreview,
  type OrderFileResult,
} from '@consign/api-client';
import { orderCreateBodySchema, parseYuan } from '@consign/api-client/contract';
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
import { ShopSelect } from '../../common/list/shop-select';
import { useSubmitOnce } from '../../common/list/use-submit-once';
import { problemMessage } from '../../common/problem-message';
import { useApi } from '../../lib/use-api';
import { ORDER_ENTRY_TEXT } from './order-entry-texts';
import { ImportDialog } from './order-import';

/**
 * 手工建单 and 导入订单 on 代发订单, for shops without API access. The server checks both with one
 * schema (the contract's `orderEntrySchema`); the form below checks the same fields as typed (yuan as
 * text, whitespace in the mobile) and hands the contract's schema the converted body, so what passes
 * here passes there.
 */

// ---- 手工建单 -------------------------------------------------------------------------------------

const required = (label: string, max: number) =>
  z.string().trim().min(1, ORDER_ENTRY_TEXT.required(label)).max(max, ORDER_ENTRY_TEXT.tooLong(label, max));
const optional = (label: string, max: number) =>
  z.string().trim().max(max, ORDER_ENTRY_TEXT.tooLong(label, max));
const yuan = z.string().refine((text) => parseYuan(text) !== undefined, ORDER_ENTRY_TEXT.badMoney);

/** The form as typed, turned into the body of `/api/order/create` and checked by the contract. */
const manualFormSchema = z
  .object({
    shop_id: z.string().min(1, ORDER_ENTRY_TEXT.importShopFirst),
    platform_order_no: optional(ORDER_ENTRY_TEXT.platformOrderNo, 64),
    items: z
      .array(
        z.object({
          title: required(ORDER_ENTRY_TEXT.itemTitle, 120),
          sku: optional(ORDER_ENTRY_TEXT.itemSku, 120),
          quantity: z.string().regex(/^\s*[1-9]\d{0,3}\s*$/, ORDER_ENTRY_TEXT.badQuantity),
          price: yuan,
        }),
      )
      .min(1)
      .max(50),
    amount: yuan,
    buyer_message: optional(ORDER_ENTRY_TEXT.buyerMessage, 500),
    receiver: z.object({
      name: required(ORDER_ENTRY_TEXT.receiverName, 32),
      mobile: z.string().refine(isValidMobile, ORDER_ENTRY_TEXT.badMobile),
      address: required(ORDER_ENTRY_TEXT.receiverAddress, 200),
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
      <Button onClick={() => setOpen(true)}>{ORDER_ENTRY_TEXT.manualOpen}</Button>
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
      toast.success(ORDER_ENTRY_TEXT.created(created.order_no));
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
          <DialogTitle>{ORDER_ENTRY_TEXT.manualTitle}</DialogTitle>
          <DialogDescription>{ORDER_ENTRY_TEXT.manualHint}</DialogDescription>
        </DialogHeader>
        <form noValidate className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto pr-1" {...submit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={ORDER_ENTRY_TEXT.shop} required error={errors.shop_id?.message}>
              <Controller
                control={control}
                name="shop_id"
                render={({ field }) => (
                  <ShopSelect
                    value={field.value}
                    onChange={field.onChange}
                    label={ORDER_ENTRY_TEXT.shop}
                    placeholder={ORDER_ENTRY_TEXT.shopPlaceholder}
                  />
                )}
              />
            </Field>
            <Field
              label={ORDER_ENTRY_TEXT.platformOrderNo}
              description={ORDER_ENTRY_TEXT.platformOrderNoHint}
              error={errors.platform_order_no?.message}
            >
              <Input {...register('platform_order_no')} />
            </Field>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{ORDER_ENTRY_TEXT.items}</legend>
            {items.fields.map((item, index) => (
              <div key={item.id} className="grid items-start gap-2 sm:grid-cols-[2fr_1fr_5rem_7rem_auto]">
                <Field
                  label={ORDER_ENTRY_TEXT.itemTitle}
                  required
                  error={errors.items?.[index]?.title?.message}
                >
                  <Input {...register(`items.${index}.title`)} />
                </Field>
                <Field label={ORDER_ENTRY_TEXT.itemSku} error={errors.items?.[index]?.sku?.message}>
                  <Input {...register(`items.${index}.sku`)} />
                </Field>
                <Field
                  label={ORDER_ENTRY_TEXT.itemQuantity}
                  required
                  error={errors.items?.[index]?.quantity?.message}
                >
                  <Input inputMode="numeric" {...register(`items.${index}.quantity`)} />
                </Field>
                <Field
                  label={ORDER_ENTRY_TEXT.itemPrice}
                  required
                  error={errors.items?.[index]?.price?.message}
                >
                  <Input inputMode="decimal" {...register(`items.${index}.price`)} />
                </Field>
                <Button
                  type="button"
                  variant="link"
                  className="mt-7"
                  disabled={items.fields.length === 1}
                  aria-label={ORDER_ENTRY_TEXT.removeItem(index + 1)}
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
                {ORDER_ENTRY_TEXT.addItem}
              </Button>
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={ORDER_ENTRY_TEXT.amount}
              required
              description={ORDER_ENTRY_TEXT.amountHint(formatMoney(itemsTotal))}
              error={errors.amount?.message}
            >
              <Input inputMode="decimal" {...register('amount')} />
            </Field>
            <Field label={ORDER_ENTRY_TEXT.buyerMessage} error={errors.buyer_message?.message}>
              <Input {...register('buyer_message')} />
            </Field>
            <Field label={ORDER_ENTRY_TEXT.receiverName} required error={errors.receiver?.name?.message}>
              <Input autoComplete="off" {...register('receiver.name')} />
            </Field>
            <Field label={ORDER_ENTRY_TEXT.receiverMobile} required error={errors.receiver?.mobile?.message}>
              <Input inputMode="tel" autoComplete="off" {...register('receiver.mobile')} />
            </Field>
            <Field
              className="sm:col-span-2"
              label={ORDER_ENTRY_TEXT.receiverAddress}
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
              <Button type="button">{ORDER_ENTRY_TEXT.close}</Button>
            </DialogClose>
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? ORDER_ENTRY_TEXT.saving : ORDER_ENTRY_TEXT.save}
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
      <Button onClick={() => setOpen(true)}>{ORDER_ENTRY_TEXT.importOpen}</Button>
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
          title={ORDER_ENTRY_TEXT.importTitle}
          hint={ORDER_ENTRY_TEXT.importHint(IMPORT_MAX_ROWS)}
          template={{ href: TEMPLATE_HREF, name: '订单导入模板.csv' }}
          ready={shopId !== ''}
          before={
            <Field
              label={ORDER_ENTRY_TEXT.shop}
              required
              description={shopId ? undefined : ORDER_ENTRY_TEXT.importShopFirst}
            >
              <ShopSelect
                value={shopId}
                onChange={setShopId}
                label={ORDER_ENTRY_TEXT.shop}
                placeholder={ORDER_ENTRY_TEXT.shopPlaceholder}
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
          resultSummary={(result) =>
            ORDER_ENTRY_TEXT.resultSummary(result.created, result.updated, result.failed)
          }
          renderPreview={(preview) => <OrderFilePreviewTable preview={preview} />}
          renderResult={(result) => <OrderFileResultTable result={result} />}
        />
      ) : null}
    </>
  );
}

const columnText = ORDER_ENTRY_TEXT.columns;
const cell = 'py-1 pr-2';

function OrderFilePreviewTable({ preview }: { preview: OrderFilePreview }) {
  return (
    <div className="max-h-96 overflow-y-auto">
      <table className="w-full text-sm" data-slot="import-preview">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className={`${cell} font-normal`}>{columnText.line}</th>
            <th className={`${cell} font-normal`}>{columnText.platformOrderNo}</th>
            <th className={`${cell} font-normal`}>{columnText.title}</th>
            <th className={`${cell} font-normal`}>{columnText.receiver}</th>
            <th className={`${cell} text-right font-normal`}>{columnText.amount}</th>
            <th className="py-1 font-normal">{columnText.state}</th>
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
                  {bad
                    ? row.errors.join('；')
                    : row.exists
                      ? ORDER_ENTRY_TEXT.rowUpdate
                      : ORDER_ENTRY_TEXT.rowNew}
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
            <th className={`${cell} font-normal`}>{columnText.line}</th>
            <th className={`${cell} font-normal`}>{columnText.platformOrderNo}</th>
            <th className={`${cell} font-normal`}>{columnText.orderNo}</th>
            <th className={`${cell} font-normal`}>{columnText.outcome}</th>
            <th className="py-1 font-normal">{columnText.reason}</th>
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
                {ORDER_ENTRY_TEXT.outcome[r.outcome]}
              </td>
              <td className="py-1 break-all">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
