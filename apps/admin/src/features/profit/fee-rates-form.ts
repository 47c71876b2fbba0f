import type { FeeRates, PlatformCode } from '@consign/api-client';
import { feeRateSchema, feeRatesSaveBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import { PROFIT_TEXT } from './texts';

/**
 * 平台扣点's form: one field per platform (each its own error), each rate typed as a percentage with
 * at most two decimals (`0.6` = 0.6 %), handed to the API as the contract's body in 1/10000 of the
 * amount (60), integer arithmetic only.
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

const percent = z
  .string()
  .refine((text) => {
    const rate = parsePercent(text);
    return rate !== undefined && feeRateSchema.shape.rate.safeParse(rate).success;
  }, PROFIT_TEXT.feeRates.badRate)
  .transform((text) => parsePercent(text) ?? Number.NaN);

const fields = {
  taobao: percent,
  pinduoduo: percent,
  douyin: percent,
  kuaishou: percent,
  jd: percent,
} satisfies Record<PlatformCode, typeof percent>;

export const feeRatesForm = z
  .object(fields)
  .transform((values) => ({
    rates: (Object.keys(fields) as PlatformCode[]).map((platform) => ({ platform, rate: values[platform] })),
  }))
  .pipe(feeRatesSaveBodySchema);

export function feeRatesValues(rates: FeeRates): z.input<typeof feeRatesForm> {
  const values = { taobao: '0', pinduoduo: '0', douyin: '0', kuaishou: '0', jd: '0' };
  for (const r of rates.rates) values[r.platform] = percentText(r.rate);
  return values;
}
