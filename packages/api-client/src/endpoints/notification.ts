import type { CallFn, CallOptions } from '../client.js';
import type { NotificationListParams, NotificationReadBody } from '../contract/notification.js';

/** `api.notification`: 消息通知, the header's bell. */
export function notificationEndpoints(call: CallFn) {
  return {
    /** A page of the caller's notifications, unread first, then newest (`/api/notification/index`). */
    index: (params: NotificationListParams, options?: CallOptions) =>
      call('/api/notification/index', params, options),
    /** How many the caller has not read (`/api/notification/unread-count`). */
    unreadCount: (options?: CallOptions) => call('/api/notification/unread-count', {}, options),
    /** Marks one read for the caller (`/api/notification/read`). */
    read: (body: NotificationReadBody, options?: CallOptions) =>
      call('/api/notification/read', body, options),
    /** 全部已读 (`/api/notification/read-all`). */
    readAll: (options?: CallOptions) => call('/api/notification/read-all', {}, options),
  };
}
