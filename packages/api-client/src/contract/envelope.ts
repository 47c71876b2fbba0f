import * as z from 'zod';

/**
 * Every answer of the API is a JSON envelope:
 * - success `{ errorCode: 0, msg?, data }`: the call resolves to `data`;
 * - failure `{ errorCode: 1, msg }`: the call rejects with `ApiError(msg)`.
 */
export const failureEnvelopeSchema = z.object({
  errorCode: z.literal(1),
  msg: z.string().max(1000),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** The success envelope around a given `data` schema. */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    errorCode: z.literal(0),
    msg: z.string().max(1000).optional(),
    data,
  });
}
export type SuccessEnvelope<T> = { errorCode: 0; msg?: string; data: T };

/** Either envelope around a given `data` schema (discriminated by `errorCode`). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('errorCode', [successEnvelopeSchema(data), failureEnvelopeSchema]);
}
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** Shape check without a data schema: what the client uses to tell an envelope from anything else. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());

/** Builds a success envelope (for servers and test fixtures). */
export function okEnvelope<T>(data: T, msg?: string): SuccessEnvelope<T> {
  return msg === undefined ? { errorCode: 0, data } : { errorCode: 0, msg, data };
}

/** Builds a failure envelope (for servers and test fixtures). */
export function errorEnvelope(msg: string): FailureEnvelope {
  return { errorCode: 1, msg };
}
