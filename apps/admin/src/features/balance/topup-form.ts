import { fenToYuan, topupAmountSchema, yuanText } from '@consign/api-client/contract';
import * as z from 'zod';

/**
 * 充值's form: the amount typed in yuan, handed to the contract's `topupAmountSchema` in fen, so the
 * limits and their messages (¥1 – ¥50,000, two decimals at most) are the server's own.
 */

/**
 * Fen from a yuan text, exactly (no float arithmetic on the whole part): `100` → 10000, `0.5` → 50.
 * A third decimal gives a fraction of a fen (`1.234` → 123.4), which the contract refuses as 最多两位小数;
 * anything that is not a plain decimal number is NaN (充值金额必须是数字).
 */
export function yuanToFen(text: string): number {
  const trimmed = text.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(trimmed);
  if (!match) return Number.NaN;
  const [, whole = '0', fraction = ''] = match;
  const cents = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = fraction.length > 2 ? Number(`0.${fraction.slice(2)}`) : 0;
  return Number(whole) * 100 + cents + rest;
}

/** `10000` fen as `100`, `12345` as `123.45` (the amount field's text). */
export function fenToYuanText(fen: number): string {
  return fen % 100 === 0 ? String(fenToYuan(fen)) : yuanText(fen);
}

export const topupForm = z.object({
  amount: z.string().transform(yuanToFen).pipe(topupAmountSchema),
});

/** The preset amounts (fen): ¥100, ¥500, ¥1,000, ¥5,000. */
export const TOPUP_PRESETS = [10_000, 50_000, 100_000, 500_000] as const;
