import * as z from 'zod';
import { fenSchema, text } from './common.js';

/**
 * The fields of 采购 (the purchase step), each declared once: its body rule, its label, how a person
 * types it, whether 批量采购 takes it once for all orders or per order, and how the operation log shows
 * it. Everything else follows from this table: the step's body and 批量采购's body (fulfilment.ts), the
 * order detail's purchase fields, the operation log's labels (log-labels.ts), the server's step input
 * and its `orders` columns (a field is the column of the same name), the admin's 采购 form, its
 * 批量采购 dialog, the detail dialog and the timeline. Adding a field: a line here and a migration
 * adding the column (apps/admin/README.md, "Adding a purchase field").
 */
export interface PurchaseField {
  /** The body's rule (trimmed text or fen). An optional field's rule accepts `undefined`. */
  readonly schema: z.ZodType;
  /** The one label of the field: the forms, the detail, the timeline and the operation log. */
  readonly label: string;
  /** `text`, or `yuan`: money typed in yuan (two decimals at most) and sent and stored in fen. */
  readonly input: 'text' | 'yuan';
  /** 批量采购: one value for every order (`shared`), or each order's own value (`row`). */
  readonly batch: 'shared' | 'row';
  /** How the operation log and the timeline show a value: as typed, or fen as yuan. */
  readonly log: 'text' | 'fen';
  /** Money only a caller with finance:view sees (finance-rules.ts): absent from the detail for others. */
  readonly finance?: boolean;
}

export const PURCHASE_FIELDS = {
  supplier: { schema: text(64, 1), label: '供应商', input: 'text', batch: 'shared', log: 'text' },
  supplier_order_no: { schema: text(64, 1), label: '供应商订单号', input: 'text', batch: 'row', log: 'text' },
  cost: { schema: fenSchema, label: '采购成本', input: 'yuan', batch: 'row', log: 'fen', finance: true },
} as const satisfies Readonly<Record<string, PurchaseField>>;

type Fields = typeof PURCHASE_FIELDS;
export type PurchaseFieldName = keyof Fields;
export const PURCHASE_FIELD_NAMES = Object.keys(PURCHASE_FIELDS) as PurchaseFieldName[];

/** The fields 批量采购 takes once for every order, and those it takes per order. */
export type SharedPurchaseFieldName = {
  [K in PurchaseFieldName]: Fields[K]['batch'] extends 'shared' ? K : never;
}[PurchaseFieldName];
export type RowPurchaseFieldName = Exclude<PurchaseFieldName, SharedPurchaseFieldName>;

/** The field names whose `batch` is `batch`, as a zod `pick` mask. */
function maskOf<K extends PurchaseFieldName>(batch: PurchaseField['batch']) {
  const mask: Record<string, true> = {};
  for (const name of PURCHASE_FIELD_NAMES) if (PURCHASE_FIELDS[name].batch === batch) mask[name] = true;
  return mask as { [N in K]: true };
}

/** 采购's fields: the step's body without the order id. */
export const purchaseFieldsSchema = z.object(
  Object.fromEntries(PURCHASE_FIELD_NAMES.map((name) => [name, PURCHASE_FIELDS[name].schema])) as {
    [K in PurchaseFieldName]: Fields[K]['schema'];
  },
);
/** The purchase values as the server takes them (after the body's rules). */
export type PurchaseValues = z.output<typeof purchaseFieldsSchema>;

/** 批量采购: the fields given once for all orders, and each order's own. */
export const sharedPurchaseFieldsSchema = purchaseFieldsSchema.pick(
  maskOf<SharedPurchaseFieldName>('shared'),
);
export const rowPurchaseFieldsSchema = purchaseFieldsSchema.pick(maskOf<RowPurchaseFieldName>('row'));

/**
 * The purchase fields of the order detail, as stored (null: not entered). A `finance` field is absent
 * for a caller without finance:view.
 */
export const purchaseDetailShape = Object.fromEntries(
  PURCHASE_FIELD_NAMES.map((name) => {
    const field: PurchaseField = PURCHASE_FIELDS[name];
    const stored = (field.input === 'yuan' ? fenSchema : z.string()).nullable();
    return [name, field.finance ? stored.optional() : stored];
  }),
) as {
  [K in PurchaseFieldName]: Fields[K] extends { finance: true }
    ? z.ZodOptional<z.ZodNullable<typeof fenSchema>>
    : Fields[K]['input'] extends 'yuan'
      ? z.ZodNullable<typeof fenSchema>
      : z.ZodNullable<z.ZodString>;
};

/** The `orders` columns (and timeline details) of a purchase: each field's value, empty text as null. */
export function purchaseColumns(values: Partial<Record<PurchaseFieldName, unknown>>) {
  return Object.fromEntries(
    PURCHASE_FIELD_NAMES.map((name) => {
      const value = values[name];
      return [name, value === undefined || value === '' ? null : value];
    }),
  ) as Record<PurchaseFieldName, string | number | null>;
}

/** The operation log's labels of the purchase fields (log-labels.ts `LOG_FIELDS`). */
export const PURCHASE_LOG_FIELDS = Object.fromEntries(
  PURCHASE_FIELD_NAMES.map((name) => {
    const field: PurchaseField = PURCHASE_FIELDS[name];
    return [
      name,
      field.log === 'fen' ? { label: field.label, kind: 'fen' as const } : { label: field.label },
    ];
  }),
);
