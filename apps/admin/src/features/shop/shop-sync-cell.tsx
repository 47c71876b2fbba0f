import type { Shop } from '@consign/api-client';
import { Button, formatDateTime, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
} as const;

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
 * 店铺设置's 订单同步 cell: the last sync and how far behind the shop is, whether its orders come 实时
 * (拼多多 消息服务 connected) or by 轮询 with its last message's time, its last error in the seller's
 * words, and 立即同步 (the list refreshes after it).
 */
export function ShopSyncCell({ shop }: { shop: Shop }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => api.call('/api/shop/sync', { id: shop.id }),
    onSuccess: async (answer) => {
      toast.success(SYNC_TEXT.requested(answer.name));
      await invalidateAfter(queryClient, '/api/shop/sync');
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const state = shop.sync;
  if (!state) return <span className="text-muted-foreground">{SYNC_TEXT.notAuthorised}</span>;
  return (
    <div data-slot="shop-sync" className="flex flex-col gap-0.5 text-sm">
      <span>
        {state.syncing
          ? SYNC_TEXT.syncing
          : state.last_sync_at
            ? SYNC_TEXT.lastSync(formatDateTime(state.last_sync_at))
            : SYNC_TEXT.never}
      </span>
      {state.lag_seconds !== null ? (
        <span className="text-muted-foreground text-xs">{SYNC_TEXT.lag(lagText(state.lag_seconds))}</span>
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
        disabled={sync.isPending || shop.auth_status === 'expired'}
        onClick={() => sync.mutate()}
      >
        {SYNC_TEXT.syncNow}
      </Button>
    </div>
  );
}
