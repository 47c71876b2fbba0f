import { adjustAmountSchema, balanceAdjustBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import { yuanToFen } from './topup-form';

/**
 * 调整余额's form (卖家管理, operators): the amount typed in yuan with its sign (`+100`, `-20.5`; no
 * sign adds) and the reason, handed to the contract's rules in fen, so the limits and their messages
 * are the server's own.
 */

/** Fen from a signed yuan text: `-20.5` → -2050; a third decimal gives a fraction, anything else NaN. */
export function signedYuanToFen(text: string): number {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const fen = yuanToFen(/^[+-]/.test(trimmed) ? trimmed.slice(1) : trimmed);
  return fen === 0 ? 0 : sign * fen;
}

export const adjustForm = z.object({
  amount: z.string().transform(signedYuanToFen).pipe(adjustAmountSchema),
  reason: balanceAdjustBodySchema.shape.reason,
});
