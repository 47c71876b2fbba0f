import type * as z from 'zod';
import { contractResolver, type FieldMessages } from './form';

/**
 * For the tests of a form: runs its resolver as react-hook-form does on submit, and answers the
 * messages by field and the body it would hand on.
 */
export async function submitForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  messages: FieldMessages<z.input<S>>,
  values: z.input<S>,
) {
  const result = await contractResolver(schema, messages)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(result.errors).map(([key, e]) => [key, e?.message as string | undefined]),
  );
  return { errors, body: result.values };
}
