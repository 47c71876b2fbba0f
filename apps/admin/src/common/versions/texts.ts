import { STALE_RECORD_MESSAGE } from '@consign/api-client';

export const VERSIONS_TEXT = {
  /** The API's own text for a stale save (409). */
  stale: STALE_RECORD_MESSAGE,
  reload: '重新加载',
  reloading: '加载中…',
} as const;
