import { COPY_URLS_MAX, isHttpUrl } from '@consign/api-client';
import { copyCreateBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import type { FieldMessages } from '../../lib/form';
import { SHOP_TEXT } from './texts';

const f = SHOP_TEXT.copyForm;

/** The links of the text box: one per line, trimmed, http(s) only, no duplicates, at most 50. */
export function parseSourceUrls(text: string): string[] {
  const urls = text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && isHttpUrl(line));
  return [...new Set(urls)].slice(0, COPY_URLS_MAX);
}

/** What the text box holds, for the form to explain itself. */
export interface SourceUrlCheck {
  /** The valid links, trimmed and without duplicates (all of them, even past the limit). */
  urls: string[];
  /** Entries that are not absolute http(s) links, as typed. */
  invalid: string[];
  /** How many entries repeat an earlier link. */
  duplicates: number;
}

/** Splits the text box into valid links, invalid entries and repeats. */
export function checkSourceUrls(text: string): SourceUrlCheck {
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const entry of text.split(/\s+/)) {
    const line = entry.trim();
    if (!line) continue;
    if (!isHttpUrl(line)) invalid.push(line);
    else if (seen.has(line)) duplicates += 1;
    else seen.add(line);
  }
  return { urls: [...seen], invalid, duplicates };
}

/**
 * 商品复制: the contract's body (a shop, 1..50 absolute http(s) links), with the shop picked as text
 * and the links typed in a text box: one per line or separated by spaces, repeats dropped; an entry
 * that is not a link is named.
 */
export const copyForm = copyCreateBodySchema.extend({
  urls: z
    .string()
    .transform((text, ctx) => {
      const { urls, invalid } = checkSourceUrls(text);
      if (invalid.length > 0)
        ctx.addIssue({ code: 'custom', message: f.badLines(invalid.length, invalid[0] ?? '') });
      return urls;
    })
    .pipe(copyCreateBodySchema.shape.urls),
});
export const copyMessages: FieldMessages<z.input<typeof copyForm>> = {
  shop_id: f.shopRequired,
  urls: { too_small: f.urlsRequired },
};
