import { claimJobs, DB_NOW_MS, PLATFORM_EVENT_QUEUE } from '../jobs/queue';
import type { PlatformCode } from '../platforms/connector';
import type { Queryable } from './db';

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
 * Records the messages of one push (or of one burst of 拼多多 frames) in one statement, so in one
 * transaction: one multi-row insert, however many they are. A message already recorded (same platform,
 * app and `msg_id`, also twice in one push) changes nothing. Returns how many were new.
 */
export async function recordEvents(
  db: Queryable,
  input: { platform: EventSource; appKey: string; events: readonly ReceivedEvent[]; nowS: number },
): Promise<number> {
  if (input.events.length === 0) return 0;
  const column = (pick: (event: ReceivedEvent) => string) => input.events.map(pick);
  const rows = await db.query(
    `INSERT INTO platform_events (platform, app_key, msg_id, tag, platform_shop_id, order_no, payload, received_at)
     SELECT $1, $2, e.msg_id, e.tag, e.shop, e.order_no, e.payload::jsonb, $3
     FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
       WITH ORDINALITY AS e(msg_id, tag, shop, order_no, payload, n)
     ORDER BY e.n
     ON CONFLICT (platform, app_key, msg_id) DO NOTHING RETURNING id`,
    [
      input.platform,
      input.appKey,
      input.nowS,
      column((e) => e.msgId),
      column((e) => e.tag),
      column((e) => e.platformShopId),
      column((e) => e.orderNo),
      column((e) => JSON.stringify(e.payload)),
    ],
  );
  return rows.length;
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

/** Claims up to `limit` due events at once under a lease (jobs/queue.ts `claimJobs`), oldest due first. */
export async function claimEvents(db: Queryable, leaseMs: number, limit: number): Promise<ClaimedEvent[]> {
  const claimed = await claimJobs<ClaimedEvent>(db, PLATFORM_EVENT_QUEUE, {
    returning: 'q.id, q.attempts, q.platform, q.tag, q.platform_shop_id, q.order_no, q.payload',
    leaseMs,
    limit,
  });
  return claimed.map((c) => c.job);
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
