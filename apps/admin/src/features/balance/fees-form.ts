import { PLATFORMS, type PlatformCode, type PurchaseFees } from '@consign/api-client';
import { purchaseFeesSchema } from '@consign/api-client/contract';
import * as z from 'zod';
import { BALANCE_TEXT } from './texts';
import { fenToYuanText, yuanToFen } from './topup-form';

/**
 * 代发服务费's form (全局设置): the default fee and one per platform, typed in yuan (two decimals at
 * most); a platform left empty pays the default. Handed to the API as the contract's body in fen.
 */

const feeSchema = purchaseFeesSchema.shape.default_fee;
const fee = z
  .string()
  .transform(yuanToFen)
  .refine(Number.isInteger, BALANCE_TEXT.fees.badFee)
  .pipe(feeSchema);
/** A platform's fee: empty (the default applies) or a fee. */
const platformFee = z
  .string()
  .transform((text) => (text.trim() === '' ? undefined : yuanToFen(text)))
  .refine((fen) => fen === undefined || Number.isInteger(fen), BALANCE_TEXT.fees.badFee)
  .pipe(feeSchema.optional());

const fields = {
  default_fee: fee,
  taobao: platformFee,
  pinduoduo: platformFee,
  douyin: platformFee,
  kuaishou: platformFee,
  jd: platformFee,
} satisfies Record<'default_fee' | PlatformCode, z.ZodType>;

export const feesForm = z
  .object(fields)
  .transform(({ default_fee, ...platforms }) => ({
    default_fee,
    platforms: PLATFORMS.flatMap((platform) => {
      const value = platforms[platform];
      return value === undefined ? [] : [{ platform, fee: value }];
    }),
  }))
  .pipe(purchaseFeesSchema);

/** The form's text of saved fees. */
export function feesValues(fees: PurchaseFees): z.input<typeof feesForm> {
  const values = {
    default_fee: fenToYuanText(fees.default_fee),
    taobao: '',
    pinduoduo: '',
    douyin: '',
    kuaishou: '',
    jd: '',
  };
  for (const p of fees.platforms) values[p.platform] = fenToYuanText(p.fee);
  return values;
}
