import type { ListingStatus } from '@consign/api-client';

/** A listing's state badge colour (复制记录, 商品管理). */
export const LISTING_TONES = {
  queued: 'neutral',
  publishing: 'neutral',
  reviewing: 'primary',
  checking: 'primary',
  published: 'success',
  failed: 'danger',
} as const satisfies Record<ListingStatus, string>;
