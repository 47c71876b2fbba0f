import {
  PURCHASE_FIELD_NAMES,
  PURCHASE_FIELDS,
  type PurchaseFieldName,
  parseYuan,
  type RowPurchaseFieldName,
  type SharedPurchaseFieldName,
} from '@consign/api-client/contract';
import { Field, Input } from '@consign/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as z from 'zod';
import { maxLengthOf } from '../../common/form';
import { FULFILMENT_TEXT as fulfilmentText } from './fulfilment-texts';

/**
 * The inputs of 采购's fields (purchase-fields.ts in the contract), shared by the 采购 step and
 * 批量采购: each field's label, its rule as typed (a `yuan` field typed in yuan and sent in fen), its
 * message and its input, all read from the contract's one declaration.
 */

type Fields = typeof PURCHASE_FIELDS;
/** A field's rule as a person types it: text in (an optional field's may be left out), its value out. */
export type TypedPurchaseShape<K extends PurchaseFieldName> = {
  [N in K]: undefined extends z.input<Fields[N]['schema']>
    ? z.ZodOptional<z.ZodType<Exclude<z.output<Fields[N]['schema']>, undefined>, string>>
    : z.ZodType<z.output<Fields[N]['schema']>, string>;
};

/** The rule of `name` as typed: a `yuan` field's text (two decimals at most) turned into fen. */
function typedRule(name: PurchaseFieldName): z.ZodType {
  const field = PURCHASE_FIELDS[name];
  if (field.input !== 'yuan') return field.schema;
  return z
    .string()
    .transform((yuan) => parseYuan(yuan) ?? Number.NaN)
    .pipe(field.schema);
}

/** The typed rules of `names` (a zod shape to extend a contract body with). */
export function typedPurchaseShape<K extends PurchaseFieldName>(names: readonly K[]): TypedPurchaseShape<K> {
  return Object.fromEntries(names.map((name) => [name, typedRule(name)])) as TypedPurchaseShape<K>;
}

/** Empty inputs for `names`. */
export function emptyPurchaseInputs<K extends PurchaseFieldName>(names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>;
}

/** The label of a field's input: its one label, `（元）` after a money field. */
export function purchaseInputLabel(name: PurchaseFieldName): string {
  const field = PURCHASE_FIELDS[name];
  return field.input === 'yuan' ? fulfilmentText.inYuan(field.label) : field.label;
}

/** Whether a field must be filled (its rule refuses nothing typed). */
export function purchaseFieldRequired(name: PurchaseFieldName): boolean {
  return !PURCHASE_FIELDS[name].schema.safeParse(undefined).success;
}

/** What is wrong with `name` typed as `typed`, or undefined. */
export function purchaseFieldProblem(name: PurchaseFieldName, typed: string): string | undefined {
  if (typedRule(name).safeParse(typed).success) return undefined;
  return purchaseFieldMessage(name);
}

/** The message of a field the form refuses: 请输入 its label, or the money format. */
export function purchaseFieldMessage(name: PurchaseFieldName): string {
  const field = PURCHASE_FIELDS[name];
  return field.input === 'yuan' ? fulfilmentText.badCost : fulfilmentText.required(field.label);
}

/** The messages of `names` for `useContractForm`. */
export function purchaseMessagesOf<K extends PurchaseFieldName>(names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, purchaseFieldMessage(name)])) as Record<K, string>;
}

/** The names of the purchase fields 批量采购 takes once (`shared`) or per order (`row`). */
export function purchaseFieldsOf(batch: 'shared'): SharedPurchaseFieldName[];
export function purchaseFieldsOf(batch: 'row'): RowPurchaseFieldName[];
export function purchaseFieldsOf(batch: 'shared' | 'row'): PurchaseFieldName[] {
  return PURCHASE_FIELD_NAMES.filter((name) => PURCHASE_FIELDS[name].batch === batch);
}

/** One purchase field's input: `suffix` tells the rows of 批量采购 apart (the order number). */
export function PurchaseInput({
  name,
  error,
  input,
  suffix,
}: {
  name: PurchaseFieldName;
  error: string | undefined;
  input: UseFormRegisterReturn;
  suffix?: string;
}) {
  const field = PURCHASE_FIELDS[name];
  const label = purchaseInputLabel(name);
  return (
    <Field label={suffix ? `${label} ${suffix}` : label} error={error} required={purchaseFieldRequired(name)}>
      {field.input === 'yuan' ? (
        <Input inputMode="decimal" autoComplete="off" {...input} />
      ) : (
        <Input maxLength={maxLengthOf(field.schema)} autoComplete="off" {...input} />
      )}
    </Field>
  );
}
