import type { ApiClient } from '@consign/api-client';
import { isInternalLink } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import type { ShellNotification, ShellNotifications } from '@consign/shell';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import * as React from 'react';
import { useApi } from '../../lib/use-api';

/** How often the bell's unread count is read again while the page is open (and on focus). */
export const NOTIFICATION_POLL_MS = 60_000;

/** The bell's badge: the caller's unread count, every minute and whenever the window regains focus. */
export function notificationUnreadQuery(api: ApiClient) {
  return queryOptions({
    ...apiQuery(api, '/api/notification/unread-count', {}),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  });
}

/** The bell's panel: the caller's latest ten notifications (unread first, then newest). */
export function latestNotificationsQuery(api: ApiClient) {
  return apiQuery(api, '/api/notification/index', { pageIndex: 1, pageSize: 10 });
}

/**
 * The header bell's data (消息通知): the unread count, read every minute and when the window regains
 * focus, and the latest ten notifications, read when the panel opens. Clicking one marks it read and
 * opens its link (an internal path only); 全部已读 marks them all.
 */
export function useNotificationBell(): ShellNotifications {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const unread = useQuery(notificationUnreadQuery(api));
  const latest = useQuery({ ...latestNotificationsQuery(api), enabled: open });
  // The refresh table loads on the first read or open, not with every signed-in page.
  const refresh = () =>
    import('../../lib/invalidate').then((m) => m.invalidateAfter(queryClient, '/api/notification/read'));
  const read = useMutation({
    mutationFn: (item: ShellNotification) => api.call('/api/notification/read', { id: item.id }),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: () => api.call('/api/notification/read-all'),
    onSettled: refresh,
  });
  return {
    unread: unread.data?.unread,
    items: latest.data?.list,
    error: latest.isError,
    onOpenChange: (next) => {
      setOpen(next);
      if (next) void refresh();
    },
    onSelect: (item) => {
      if (!item.read) read.mutate(item);
      if (item.link && isInternalLink(item.link)) void router.navigate({ href: item.link });
    },
    onReadAll: () => readAll.mutate(),
  };
}
