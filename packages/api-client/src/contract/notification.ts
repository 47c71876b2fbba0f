import * as z from 'zod';
import { idLikeSchema, idSchema, text, unixTimeSchema } from './common.js';
import { listParamsSchema } from './list.js';
import { NOTIFICATION_KINDS } from './notification-rules.js';
import { isInternalLink } from './urls.js';

/**
 * 消息通知: what the account is told in the header's bell. A notification belongs to a seller account
 * (every member sees it); read or not is each user's own (`read`: this caller has read it).
 */

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** A path inside the app (`/shop/setting?...`, `/order/...`): never another origin, never a script. */
export const internalLinkSchema = z.string().max(1000).refine(isInternalLink);

export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKindSchema,
  title: text(64),
  body: text(300),
  /** Where clicking it goes (an internal path), or '' for nowhere. */
  link: z.union([z.literal(''), internalLinkSchema]),
  read: z.boolean(),
  created_at: unixTimeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** Body of `/api/notification/index`: a page of the caller's notifications, unread first, then newest. */
export const notificationListParamsSchema = listParamsSchema;
export type NotificationListParams = z.input<typeof notificationListParamsSchema>;

/** `/api/notification/unread-count`: how many the caller has not read. */
const count = z.int().min(0).max(1_000_000_000);
export const notificationUnreadSchema = z.object({ unread: count });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

/** Body of `/api/notification/read`. */
export const notificationReadBodySchema = z.object({ id: idLikeSchema });
export type NotificationReadBody = z.input<typeof notificationReadBodySchema>;

/** What `read-all` answers: how many were marked now. */
export const notificationReadAllSchema = z.object({ marked: count });
