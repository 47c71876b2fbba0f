/**
 * The limits every call shares (ids, money, times, URLs, pages) and the answer to a save that lost
 * the race with another. No zod: the schemas in the other contract files are built from them.
 */

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
/** Page size the list pages use when the address says nothing (docs/design.md#admin-app). */
export const DEFAULT_PAGE_SIZE = 20;

/** What the API answers (HTTP 409) to a save whose `version` is no longer the record's. */
export const STALE_RECORD_MESSAGE = '数据已被他人修改，请刷新后重试';
