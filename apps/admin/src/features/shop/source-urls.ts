import { offerIdOfLink } from '@consign/api-client';
import { copyCreateBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import type { FieldMessages } from '../../common/form';
import { SHOP_TEXT } from './texts';

const copyFormText = SHOP_TEXT.copyForm;

/** What the text box holds, for the form to explain itself. */
export interface SourceUrlCheck {
  /** The entries, trimmed and without duplicates (all of them, even past the limit). */
  urls: string[];
  /** Entries that are not 1688 offer links, as typed (the server refuses them by name). */
  notOffers: string[];
  /** How many entries repeat an earlier one. */
  duplicates: number;
}

/** Splits the text box (one link per line, or separated by spaces) into entries, non-offers and repeats. */
export function checkSourceUrls(text: string): SourceUrlCheck {
  const seen = new Set<string>();
  const notOffers: string[] = [];
  let duplicates = 0;
  for (const entry of text.split(/\s+/)) {
    const line = entry.trim();
    if (!line) continue;
    if (seen.has(line)) {
      duplicates += 1;
      continue;
    }
    seen.add(line);
    if (!offerIdOfLink(line)) notOffers.push(line);
  }
  return { urls: [...seen], notOffers, duplicates };
}

/**
 * 商品复制: the contract's body (a shop, 1..50 entries), with the shop picked as text and the links
 * typed in a text box. Every entry is sent: the server copies the 1688 offer links and names each other
 * entry in its answer (the page lists them); the form already says how many are not 1688 offer links.
 */
export const copyForm = copyCreateBodySchema.extend({
  urls: z
    .string()
    .transform((text) => checkSourceUrls(text).urls)
    .pipe(copyCreateBodySchema.shape.urls),
});
export const copyMessages: FieldMessages<z.input<typeof copyForm>> = {
  shop_id: copyFormText.shopRequired,
  urls: { too_small: copyFormText.urlsRequired },
};
