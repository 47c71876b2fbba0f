import { type Claimed, claimJob, DB_NOW_MS, PLATFORM_EVENT_QUEUE } from '../jobs/queue';
import type { PlatformCode } from '../platforms/connector';
import type { Db, Queryable } from './db';

/**
 * Platform events (migration 0050): the messages a platform pushes, recorded before the push is
 * answered (routes/platform-events.ts) and worked off by the `platform-event` job kind
 * (jobs/platform-events.ts) on the one queue (jobs/queue.ts).
 */

/** Where a message comes from: a sales platform, or 1688 (`alibaba`, the supplier). */
export type EventSource = PlatformCode | 'alibaba';

/** One message as received: its id, tag, the shop and order it names, and the message itself. */
export interface ReceivedEvent {
  msgId: string;
  tag: string;
  platformShopId: string;
  orderNo: string;
  /** The whole message as the platform sent it (stored as jsonb). */
  payload: unknown;
}

/**
 * Records the messages of one push in one transaction; a message already recorded (same platform, app
 * and `msg_id`) changes nothing. Returns how many were new.
 */
export async function recordEvents(
  db: Db,
  input: { platform: EventSource; appKey: string; events: readonly ReceivedEvent[]; nowS: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const event of input.events) {
      const rows = await tx.query(
        `INSERT INTO platform_events (platform, app_key, msg_id, tag, platform_shop_id, order_no, payload, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
         ON CONFLICT (platform, app_key, msg_id) DO NOTHING RETURNING id`,
        [
          input.platform,
          input.appKey,
          event.msgId,
          event.tag,
          event.platformShopId,
          event.orderNo,
          JSON.stringify(event.payload),
          input.nowS,
        ],
      );
      added += rows.length;
    }
    return added;
  });
}

/** A claimed event: what the worker needs to read its order. */
export interface ClaimedEvent {
  id: number;
  attempts: number;
  platform: EventSource;
  tag: string;
  platform_shop_id: string;
  order_no: string;
  /** The message as recorded (a 1688 product message names its offers there). */
  payload: unknown;
}

/** Claims the next due event under a lease (jobs/queue.ts `claimJob`), or undefined. */
export function claimEvent(db: Queryable, leaseMs: number): Promise<Claimed<ClaimedEvent> | undefined> {
  return claimJob<ClaimedEvent>(db, PLATFORM_EVENT_QUEUE, {
    returning: 'q.id, q.attempts, q.platform, q.tag, q.platform_shop_id, q.order_no, q.payload',
    leaseMs,
  });
}

/** The shop of ours a platform's shop id names, with whether it can be read now. */
export interface EventShop {
  id: number;
  accountId: number;
  /** Authorised, with tokens, not disabled. */
  usable: boolean;
}

/** Our shop of `platform` with the platform's shop id `platformShopId`, or null. */
export async function shopOfEvent(
  db: Queryable,
  platform: PlatformCode,
  platformShopId: string,
): Promise<EventShop | null> {
  if (!platformShopId) return null;
  const [row] = await db.query<{ id: number; account_id: number; usable: boolean }>(
    `SELECT id, account_id,
       (access_token_sealed IS NOT NULL AND auth_status = 'authorized' AND disabled_at IS NULL) AS usable
     FROM shops WHERE platform = $1 AND platform_shop_id = $2`,
    [platform, platformShopId],
  );
  return row ? { id: row.id, accountId: row.account_id, usable: row.usable } : null;
}

/**
 * A 1688 order message (`platform = 'alibaba'`): the placed purchase of 1688 order `orderNo` bought by
 * member `memberId` (the account's connected 1688 buyer account) is made due for its follow-up now
 * (db/purchase.ts `claimPolls`): the follow-up reads the order from 1688. Answers its account, or null
 * when no placed purchase of ours is that order.
 */
export async function followUpNow(db: Queryable, orderNo: string, memberId: string): Promise<number | null> {
  if (!orderNo) return null;
  const [row] = await db.query<{ account_id: number }>(
    `UPDATE order_purchases p SET next_poll_at = LEAST(p.next_poll_at, ${DB_NOW_MS})
     WHERE p.supplier_order_no = $1 AND p.status = 'placed'
       AND EXISTS (SELECT 1 FROM supplier_accounts sa WHERE sa.account_id = p.account_id AND sa.member_id = $2)
     RETURNING p.account_id`,
    [orderNo, memberId],
  );
  return row ? row.account_id : null;
}
