// The rules every page of the shell applies (the role, the banner window), apart from the contract's
// other rules: a module ships whole, and the lists' constants are not needed to paint the shell.

// ---- users -----------------------------------------------------------------------------------

export type Role = 'admin' | 'user';

/** `admin` when `is_manage` is true; everything else (including no user) is `user`. */
export function roleOf(user: { is_manage?: boolean | null } | null | undefined): Role {
  return user?.is_manage === true ? 'admin' : 'user';
}

// ---- banners ---------------------------------------------------------------------------------

/**
 * Whether a banner shows at `nowSeconds` (unix seconds).
 *
 * - No begin time and no end time (both `0`/`null`/absent): always shown.
 * - Otherwise the time must lie strictly between them: `begin_time < now < end_time`.
 *   A missing one of the two counts as open on that side (only `begin_time`: shown strictly after it;
 *   only `end_time`: shown strictly before it).
 */
export function isBannerActive(
  banner: { begin_time?: number | null; end_time?: number | null },
  nowSeconds: number,
): boolean {
  const begin = banner.begin_time || 0;
  const end = banner.end_time || 0;
  if (!begin && !end) return true;
  return (!begin || nowSeconds > begin) && (!end || nowSeconds < end);
}
