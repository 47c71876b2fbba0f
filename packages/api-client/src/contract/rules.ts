/**
 * The contract's rules that need no zod: constants, enum values and pure helpers. The app imports
 * these (the login form's mobile rule, the banner filter, the role) without pulling zod and the
 * schemas into its bundle; the schemas in the other contract files are built from them.
 */

// ---- limits ----------------------------------------------------------------------------------

/** Largest unix-seconds value accepted anywhere (2100-01-01T00:00:00Z). */
export const MAX_UNIX_SECONDS = 4_102_444_800;
/** Largest amount of money accepted anywhere: 100 million yuan, in fen. */
export const MAX_FEN = 10_000_000_000;
/** Largest database id accepted anywhere. */
export const MAX_ID = 2_147_483_647;
/** Longest URL accepted anywhere. */
export const MAX_URL_LENGTH = 2048;
/** Largest page a list call may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Page size the list pages use when the address says nothing (DESIGN.md section 4). */
export const DEFAULT_PAGE_SIZE = 20;
/** Longest goods title (the platforms cap titles at 60 characters). */
export const GOODS_TITLE_MAX = 60;
/** Highest goods price: 1,000,000 yuan, in fen. */
export const GOODS_PRICE_MAX = 100_000_000;
/** Highest goods stock. */
export const GOODS_STOCK_MAX = 1_000_000;
/** Most pictures of one product (the first is the main picture). */
export const GOODS_IMAGES_MAX = 9;
/** Most source links in one `/api/copy/create` call. */
export const COPY_URLS_MAX = 50;

// ---- enum values -----------------------------------------------------------------------------

/** The sales platforms a shop can live on. */
export const PLATFORMS = ['taobao', 'pinduoduo', 'douyin', 'kuaishou', 'jd'] as const;
/**
 * Order states: `pending` paid by the buyer, not yet bought at the supplier; `purchased` bought at the
 * supplier; `shipped` the supplier shipped it; `completed` received; `cancelled` closed undelivered.
 */
export const ORDER_STATUSES = ['pending', 'purchased', 'shipped', 'completed', 'cancelled'] as const;
/** `refund`: money only; `return`: goods back and money back; `exchange`: goods back, another sent. */
export const AFTER_SALE_TYPES = ['refund', 'return', 'exchange'] as const;
export const AFTER_SALE_STATUSES = ['pending', 'processing', 'finished', 'rejected'] as const;
/** Whether a shop's platform authorisation lets us pull orders and push goods. */
export const SHOP_AUTH_STATUSES = ['authorized', 'expired', 'unauthorized'] as const;
export const GOODS_STATUSES = ['on_sale', 'off_sale', 'draft'] as const;
export const COPY_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const PLATFORM_AUTH_STATUSES = ['active', 'expired', 'revoked'] as const;
/** The file formats of an order export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** An export job: `queued`, `running` (rows being written), `succeeded` (file ready) or `failed`. */
export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** How long an export's file and job are kept. */
export const EXPORT_KEEP_DAYS = 7;
/** How long a download link of an export works. */
export const EXPORT_LINK_SECONDS = 60;
/** How often orders are pulled from the shops, in minutes. */
export const SYNC_INTERVALS = [15, 30, 60] as const;

// ---- URLs ------------------------------------------------------------------------------------

/** True for an absolute http(s) URL or a same-origin path (`/x`, but not `//x` or `/\x`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const UNSAFE_URL_CHARACTER = /[\u0000-\u001f\u007f\\]/;
const SAME_ORIGIN = 'https://same-origin.invalid';

export function isSafeUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  // No control characters or backslashes anywhere: URL parsers drop tabs and newlines and read `\`
  // as `/`, so `/\t/evil.example` would become `//evil.example`, another site.
  if (UNSAFE_URL_CHARACTER.test(value)) return false;
  if (value.startsWith('/')) {
    // A same-origin path only if the URL parser agrees that it stays on the origin.
    try {
      return new URL(value, SAME_ORIGIN).origin === SAME_ORIGIN;
    } catch {
      return false;
    }
  }
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL only (no relative paths): source product links. */
export function isHttpUrl(value: string): boolean {
  return !value.startsWith('/') && isSafeUrl(value);
}

// ---- mobile and SMS code ---------------------------------------------------------------------

/** SPEC.md section 5: 11 digits, first `1`, second `2`-`9` (after removing whitespace). */
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;
/** Message of the mobile rule (SPEC.md section 5). */
export const MOBILE_MESSAGE = '请输入手机号';
/** Message of the SMS code rule (SPEC.md section 5). */
export const SMS_CODE_MESSAGE = '请输入短信验证码';
/** SMS codes are 6 digits. */
export const SMS_CODE_LENGTH = 6;

/** Removes every whitespace character (users paste `138 0000 0000`). */
export function normalizeMobile(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The mobile rule shared by the login screen and the server. */
export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(normalizeMobile(value));
}

export { isBannerActive, type Role, roleOf } from './session-rules.js';

/** What the API answers (HTTP 409) to a save whose `version` is no longer the record's. */
export const STALE_RECORD_MESSAGE = '数据已被他人修改，请刷新后重试';
