import { INSUFFICIENT_BALANCE_MESSAGE, STALE_RECORD_MESSAGE } from '@consign/api-client';
import { Button, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@consign/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import * as z from 'zod';
import { problemMessage } from './problem-message';
import { COMMON_TEXT } from './texts';
import { useOpenTopUp } from './top-up-context';
import { isStaleRecord } from './versions/stale-record-alert';

/**
 * The one way to write a form (see README, "Forms"): react-hook-form with the contract's zod schema
 * as its resolver, so each rule and limit is written once, in `@consign/api-client/contract`.
 */

/**
 * The Chinese message of a field, for the rules of the contract that carry no Chinese message: one
 * for the field, or one per zod issue code (`{ too_small: '请输入…', too_big: '最多 32 个字符' }`,
 * `default` for the others). `{ all: '…' }` is the field's message whatever the contract says (a
 * field whose contract message does not fit the form, e.g. a mobile that may also be left empty).
 */
export type FieldMessage = string | ({ default?: string; all?: string } & Partial<Record<string, string>>);
export type FieldMessages<V> = Partial<Record<keyof V & string, FieldMessage>>;

function messageOf(message: FieldMessage | undefined, code: unknown): string | undefined {
  if (typeof message === 'string' || message === undefined) return message;
  return message[String(code)] ?? message.default;
}

const CHINESE = /[\u4e00-\u9fff]/;
/** The message of a field the form gives none for, when the contract's message is not Chinese. */
export const INVALID_FIELD = '格式不正确';

/** The first error in `error` (itself, or one of the items of a list field). */
function leafError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if (typeof (error as FieldError).type === 'string') return error as FieldError;
  for (const item of Object.values(error)) {
    const found = leafError(item);
    if (found) return { ...found };
  }
  return undefined;
}

/**
 * A resolver from a contract schema: its issues land on their fields; a message the contract wrote in
 * Chinese (`请输入正确的手机号`, a tracking-number hint) is kept, any other (zod's English defaults)
 * becomes the form's message for that field (`messages`).
 */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  messages: FieldMessages<z.input<S>>,
) {
  const resolve = zodResolver(schema);
  const resolver: typeof resolve = async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as FieldErrors;
    for (const [name, nested] of Object.entries(errors)) {
      // A field is one input: an issue inside it (an item of a list typed one per line) is the field's.
      const error = leafError(nested);
      errors[name] = error;
      const message = messages[name as keyof z.input<S> & string];
      if (error && typeof message === 'object' && message.all) error.message = message.all;
      else if (error && !CHINESE.test(String(error.message ?? ''))) {
        error.message = messageOf(message, error.type) ?? INVALID_FIELD;
      }
    }
    return result;
  };
  return resolver;
}

/**
 * A form over a contract schema: values typed as the schema's input, `handleSubmit` hands the parsed
 * output (trimmed, converted: what the API takes). Checked on submit, then as the user corrects a
 * field that shows an error. Its initial values are `defaultValues`: a form for another record is
 * another form (key the component by the record), so nothing resets it by hand.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  { defaultValues, messages }: { defaultValues: z.input<S>; messages: FieldMessages<z.input<S>> },
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: contractResolver(schema, messages) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's DefaultValues<T> is a deep partial of T.
    defaultValues: defaultValues as any,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The longest text a field of the contract accepts (its `.max()`), for the input's `maxLength`:
 * `maxLength={maxLengthOf(purchaseForm.shape.supplier)}`. Looks through optional, nullable, default
 * and pipes (the transform's input, else the schema it feeds).
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const def = schema._zod.def as {
    type: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
    options?: z.ZodType[];
  };
  if (def.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
  // A union (`'' | a mobile`): the longest of its options' limits.
  if (def.options) {
    const limits = def.options.map(maxLengthOf).filter((n) => n !== undefined);
    return limits.length > 0 ? Math.max(...limits) : undefined;
  }
  if (def.innerType) return maxLengthOf(def.innerType);
  // A pipe: the limit of what is typed, else of what it becomes (a form's transform into the contract's field).
  if (def.in) return maxLengthOf(def.in) ?? (def.out ? maxLengthOf(def.out) : undefined);
  return undefined;
}

/** A whole number typed as text, as a number: an empty or non-integer text is NaN (any schema refuses it). */
export const integerText = z
  .string()
  .transform((typed) => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : Number.NaN));

/** {@link integerText} handed on to `schema`, the contract's field, which holds its range. */
export function typedInteger<T extends z.ZodType<number, number>>(schema: T) {
  return integerText.pipe(schema);
}

/** The key of a refusal of the server on a form (`form.formState.errors.root?.server`). */
export const SERVER_ERROR = 'root.server' as const;

/**
 * Where a refused save lands, the same on every form: a record changed since it was read (409
 * `数据已被他人修改，请刷新后重试`) is the mutation's error, which `StaleRecordAlert` shows with
 * 重新加载 (the form keeps what was typed); any other refusal goes on the form as
 * {@link SERVER_ERROR}, which {@link FormProblem} shows. A call that leaves refusals to the central
 * handler (a toast) has nothing to land here.
 */
export function landServerError(
  form: { setError: (name: typeof SERVER_ERROR, error: { type: string; message: string }) => void },
  error: unknown,
) {
  if (isStaleRecord(error) && problemMessage(error) === STALE_RECORD_MESSAGE) return;
  form.setError(SERVER_ERROR, { type: 'server', message: problemMessage(error) });
}

/**
 * The refusal of the server on a form (see {@link landServerError}); nothing when there is none.
 * balance: `余额不足，请先充值` (a purchase the balance cannot pay the fee of) has 充值 beside it.
 */
export function FormProblem({ errors, slot }: { errors: FieldErrors; slot?: string }) {
  const openTopUp = useOpenTopUp();
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p
      role="alert"
      data-slot={slot ?? 'form-problem'}
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-error/40 bg-error/10 px-3 py-2 text-error text-sm"
    >
      {message}
      {message === INSUFFICIENT_BALANCE_MESSAGE && openTopUp ? (
        <Button type="button" size="sm" variant="danger" onClick={openTopUp}>
          {COMMON_TEXT.topUp}
        </Button>
      ) : null}
    </p>
  );
}

/** A choice of a {@link SelectField}: the form value (text) and what the user reads. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A form field picked from fixed options (a status, an address kind, a group): the design system's
 * Select bound to the form by react-hook-form's `Controller`. Put it inside a `Field` for its label.
 */
export function SelectField<V extends FieldValues, T>({
  control,
  name,
  options,
  className = 'w-full',
}: {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  options: readonly SelectOption[];
  /** The trigger's classes (its width; default the field's whole width). */
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange}>
          <SelectTrigger className={className}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
