/**
 * Live pages (docs/design.md#live-pages): `/api/live/stream` streams Server-Sent Events to a signed-in page,
 * one per change of the caller's account, named by its topic. An event carries no record, only what
 * to read again; the page reads it through the ordinary calls, which apply every rule of the caller.
 */

import type { Permission } from './permissions.js';

/** What changed: 代发订单, 售后订单, 消息通知 (the bell), a shop's sync state. */
export const LIVE_TOPICS = ['orders', 'after-sales', 'notifications', 'shops'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * The permission a topic's events need: the one of the page that reads it. The bell and the shop list
 * need none (their reads filter by permission themselves).
 */
export const LIVE_TOPIC_PERMISSIONS: Record<LiveTopic, Permission | null> = {
  orders: 'order:view',
  'after-sales': 'aftersale:process',
  notifications: null,
  shops: null,
};

/** The SSE event the stream opens with, once it listens (a client waits for it before relying on events). */
export const LIVE_READY_EVENT = 'ready';
/** The SSE event that ends a stream whose session ended (signed out, expired): do not reconnect. */
export const LIVE_SIGNED_OUT_EVENT = 'signed-out';

export function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);
}
