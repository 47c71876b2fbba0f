import type { Shop, ShopSync } from '@consign/api-client';
import { apiKey } from '@consign/api-client/query';
import { Button, formatDateTime, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { problemMessage } from '../../common/problem-message';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';

export const SYNC_TEXT = {
  header: '订单同步',
  never: '尚未同步',
  notAuthorised: '未授权',
  syncing: '同步中…',
  lastSync: (at: string) => `上次同步 ${at}`,
  lag: (text: string) => `落后 ${text}`,
  failures: (n: number) => `连续失败 ${n} 次`,
  syncNow: '立即同步',
  syncNowLabel: (name: string) => `立即同步 ${name}`,
  requested: (name: string) => `已开始同步 ${name} 的订单`,
  live: '实时',
  polling: '轮询',
  lastEvent: (at: string) => `最近消息 ${at}`,
  counts: (inserted: number, updated: number) => `新增 ${inserted} 单，更新 ${updated} 单`,
  done: (name: string, counts: string) => `${name} 同步完成：${counts}`,
  failed: (name: string, error: string) => `${name} 同步失败：${error}`,
} as const;

/** How often the list is read while a 立即同步 runs, and how long the cell waits for its result. */
export const SYNC_POLL_MS = 2000;
const SYNC_WAIT_MS = 3 * 60_000;
/** How often the lag shown is recomputed from the clock. */
const LAG_TICK_MS = 15_000;

/** The clock, ticking every `everyMs` while the component is shown. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * How far behind the shop is now: the server's `lag_seconds` when the state was read, plus the time
 * since (read on the server's clock, so a browser clock set wrong does not matter).
 */
function useLagSeconds(state: ShopSync | null | undefined): number | null {
  const now = useNow(LAG_TICK_MS);
  const [read, setRead] = useState({ state, at: Date.now() });
  if (read.state !== state) setRead({ state, at: Date.now() });
  if (!state || state.lag_seconds === null) return null;
  return state.lag_seconds + Math.max(0, Math.floor((now - read.at) / 1000));
}

/** Whether the run 立即同步 asked for (starting at `due`, the answer's `next_sync_at`) has finished. */
export function syncFinished(state: ShopSync | null | undefined, due: number): boolean {
  return !!state && !state.syncing && state.last_sync_at !== null && state.last_sync_at >= due;
}

/** The words of a finished run: its counts, or the reason it failed. */
export function syncResultText(name: string, state: ShopSync): { ok: boolean; text: string } {
  if (state.last_error) return { ok: false, text: SYNC_TEXT.failed(name, state.last_error) };
  return {
    ok: true,
    text: SYNC_TEXT.done(name, SYNC_TEXT.counts(state.last_inserted ?? 0, state.last_updated ?? 0)),
  };
}

/** How far behind, as a seller reads it: `3 分钟`, `2 小时 5 分钟`, `1 天`. */
export function lagText(seconds: number): string {
  if (seconds < 60) return '不到 1 分钟';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} 小时 ${minutes % 60} 分钟` : `${hours} 小时`;
  return `${Math.floor(hours / 24)} 天`;
}

/**
 * 店铺设置's 订单同步 cell: the last sync, what it stored and how far behind the shop is now (counted on
 * from the clock, the list read again every minute), whether its orders come 实时 (拼多多 消息服务
 * connected, 抖店's pushes arriving) or by 轮询 with its last message's time, its last error in the seller's words, and 立即同步:
 * the list is read every 2 s until the run it asked for has finished, then its result is told
 * (同步完成：新增 3 单，更新 5 单, or why it failed).
 */
export function ShopSyncCell({ shop }: { shop: Shop }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const state = shop.sync;
  const lag = useLagSeconds(state);
  /** The run 立即同步 waits for: when it starts (the server's clock) and until when the cell waits. */
  const [waiting, setWaiting] = useState<{ due: number; until: number } | null>(null);
  const sync = useMutation({
    mutationFn: () => api.call('/api/shop/sync', { id: shop.id }),
    onSuccess: async (answer) => {
      toast.success(SYNC_TEXT.requested(answer.name));
      const due = answer.sync?.next_sync_at;
      if (due != null) setWaiting({ due, until: Date.now() + SYNC_WAIT_MS });
      await invalidateAfter(queryClient, '/api/shop/sync');
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (Date.now() > waiting.until) setWaiting(null);
      else void queryClient.invalidateQueries({ queryKey: apiKey('/api/shop/index') });
    }, SYNC_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient]);
  useEffect(() => {
    if (!waiting || !state || !syncFinished(state, waiting.due)) return;
    setWaiting(null);
    const result = syncResultText(shop.name, state);
    if (result.ok) toast.success(result.text);
    else toast.error(result.text);
  }, [waiting, state, shop.name]);
  if (!state) return <span className="text-muted-foreground">{SYNC_TEXT.notAuthorised}</span>;
  return (
    <div data-slot="shop-sync" className="flex flex-col gap-0.5 text-sm">
      <span>
        {state.syncing || waiting
          ? SYNC_TEXT.syncing
          : state.last_sync_at
            ? SYNC_TEXT.lastSync(formatDateTime(state.last_sync_at))
            : SYNC_TEXT.never}
      </span>
      {!state.syncing && !waiting && !state.last_error && state.last_inserted !== null ? (
        <span data-slot="shop-sync-counts" className="text-muted-foreground text-xs">
          {SYNC_TEXT.counts(state.last_inserted, state.last_updated ?? 0)}
        </span>
      ) : null}
      {lag !== null ? (
        <span className="text-muted-foreground text-xs">{SYNC_TEXT.lag(lagText(lag))}</span>
      ) : null}
      {shop.message_channel ? (
        <span data-slot="shop-message-channel" className="text-muted-foreground text-xs">
          {shop.message_channel === 'live' ? SYNC_TEXT.live : SYNC_TEXT.polling}
          {shop.last_event_at ? ` · ${SYNC_TEXT.lastEvent(formatDateTime(shop.last_event_at))}` : ''}
        </span>
      ) : null}
      {state.last_error ? (
        <span data-slot="shop-sync-error" className="text-error text-xs">
          {state.last_error}
          {state.failures > 1 ? `（${SYNC_TEXT.failures(state.failures)}）` : ''}
        </span>
      ) : null}
      <Button
        variant="link"
        className="h-auto self-start p-0"
        aria-label={SYNC_TEXT.syncNowLabel(shop.name)}
        disabled={sync.isPending || !!waiting || shop.auth_status === 'expired'}
        onClick={() => sync.mutate()}
      >
        {SYNC_TEXT.syncNow}
      </Button>
    </div>
  );
}
