import type { ShopSync } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { syncFinished, syncResultText } from './shop-sync-cell';

const state = (over: Partial<ShopSync>): ShopSync => ({
  last_sync_at: 1_764_000_000,
  last_success_at: 1_764_000_000,
  lag_seconds: 180,
  last_error: null,
  failures: 0,
  syncing: false,
  next_sync_at: 1_764_000_300,
  last_inserted: 3,
  last_updated: 5,
  ...over,
});

describe('立即同步 waits for the run it asked for, then tells its result', () => {
  it('finished once the last sync reached the run’s start and nothing runs', () => {
    const due = 1_764_000_100;
    expect(syncFinished(state({}), due)).toBe(false);
    expect(syncFinished(state({ last_sync_at: due + 4, syncing: true }), due)).toBe(false);
    expect(syncFinished(state({ last_sync_at: due + 4 }), due)).toBe(true);
    expect(syncFinished(null, due)).toBe(false);
  });

  it('says what the run stored, or why it failed', () => {
    expect(syncResultText('拼多多小店', state({}))).toEqual({
      ok: true,
      text: '拼多多小店 同步完成：新增 3 单，更新 5 单',
    });
    expect(syncResultText('拼多多小店', state({ last_error: '拼多多接口繁忙，稍后自动重试' }))).toEqual({
      ok: false,
      text: '拼多多小店 同步失败：拼多多接口繁忙，稍后自动重试',
    });
  });
});
