/** 1688 offers: their links and the operator's 平台精选 list. */

const OFFER_LINK_HOSTS = new Set(['detail.1688.com', 'm.1688.com', 'detail.m.1688.com']);

/**
 * The 1688 offer id of a link, or null when the text is not a 1688 offer link. Accepted:
 * `https://detail.1688.com/offer/<id>.html` (also `http:`, `m.1688.com`, a query or fragment after it)
 * and the mobile page `https://detail.m.1688.com/page/index.html?offerId=<id>`.
 */
export function offerIdOfLink(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !OFFER_LINK_HOSTS.has(url.hostname))
    return null;
  if (url.username || url.password || url.port) return null;
  const path = /^\/offer\/(\d{1,20})\.html$/.exec(url.pathname);
  if (path) return normaliseOfferId(path[1] ?? '');
  const query = url.pathname === '/page/index.html' ? (url.searchParams.get('offerId') ?? '') : '';
  return normaliseOfferId(query);
}

/**
 * The one spelling of a 1688 offer id (1 to 20 digits): without leading zeros, as 1688 reads it (a
 * number), so `0610000000001` and `610000000001` are one offer everywhere (平台精选, 货源, the
 * offer cache). Null for anything else, and for an id of zeros only.
 */
export function normaliseOfferId(id: string): string | null {
  if (!/^\d{1,20}$/.test(id)) return null;
  const digits = id.replace(/^0+/, '');
  return digits === '' ? null : digits;
}

/** The 1688 offer id of a link or of a bare id (`610000000001`), or null. */
export function offerIdOf(text: string): string | null {
  const trimmed = text.trim();
  return /^\d{1,20}$/.test(trimmed) ? normaliseOfferId(trimmed) : offerIdOfLink(trimmed);
}

/** The canonical link of a 1688 offer. */
export function offerLink(offerId: string): string {
  return `https://detail.1688.com/offer/${offerId}.html`;
}

/** Most offers on the operator's 平台精选 list. */
export const FEATURED_OFFERS_MAX = 50;
