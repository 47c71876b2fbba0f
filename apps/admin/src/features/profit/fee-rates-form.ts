import type { FeeRates } from '@consign/api-client';
import { feeRateSchema, feeRatesSaveBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import { PROFIT_TEXT } from './texts';

/**
 * 平台扣点's form: the contract's body, each rate typed as a percentage with at most two decimals
 * (`0.6` = 0.6 %) and sent in 1/10000 of the amount (60), integer arithmetic only.
 */

/** `0.6` (%) as 60 (1/10000), undefined for anything else than a percentage with two decimals at most. */
export function parsePercent(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 60 (1/10000) as `0.6` (%). */
export function percentText(rate: number): string {
  const fraction = String(rate % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.floor(rate / 100)}.${fraction}` : String(Math.floor(rate / 100));
}

export const feeRatesForm = feeRatesSaveBodySchema.extend({
  rates: z.array(
    feeRateSchema.extend({
      rate: z
        .string()
        .refine((text) => parsePercent(text) !== undefined, PROFIT_TEXT.feeRates.badRate)
        .transform((text) => parsePercent(text) ?? Number.NaN)
        .pipe(feeRateSchema.shape.rate.max(10_000, PROFIT_TEXT.feeRates.badRate)),
    }),
  ),
});

export function feeRatesValues(rates: FeeRates): z.input<typeof feeRatesForm> {
  return { rates: rates.rates.map((r) => ({ platform: r.platform, rate: percentText(r.rate) })) };
}
