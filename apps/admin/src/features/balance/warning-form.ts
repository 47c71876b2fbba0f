import { balanceWarningSchema } from '@consign/api-client/contract';
import * as z from 'zod';
import { fenToYuanText, yuanToFen } from './topup-form';

/**
 * 余额预警's form (余额明细): the threshold typed in yuan, empty to turn the warning off; handed to the
 * contract's rule in fen, so the limits and messages are the server's own.
 */
export const warningForm = z.object({
  warn_below: z
    .string()
    .transform((text) => (text.trim() === '' ? null : yuanToFen(text)))
    .pipe(balanceWarningSchema.shape.warn_below),
});

/** The form's text of a saved threshold. */
export function warningValues(warnBelow: number | null): z.input<typeof warningForm> {
  return { warn_below: warnBelow === null ? '' : fenToYuanText(warnBelow) };
}
