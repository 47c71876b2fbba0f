-- The order sync state of each platform shop (src/jobs/shop-sync.ts, src/db/shop-sync.ts).
-- The cursor: the platform update time (unix s) up to which every order change is stored; the next
-- window starts a few minutes before it. Null: never synced (the first sync starts 24 h back).
ALTER TABLE shops ADD COLUMN sync_cursor bigint;
-- When the shop is next due (unix s): the end of the last sync plus the account's 订单同步间隔, or a
-- backoff after a failure, or now for 立即同步. Null: due now (a shop just authorised).
ALTER TABLE shops ADD COLUMN sync_due_at bigint;
-- The lease of the instance syncing the shop: a random token and its end. Every write of a sync names
-- the token, so an instance whose lease ran out (it stalled, it was killed) writes nothing more, and a
-- shop is never synced by two instances at once.
ALTER TABLE shops ADD COLUMN sync_lease_token text;
ALTER TABLE shops ADD COLUMN sync_lease_until bigint;
-- The start of the last (or running) sync, its end, the end of the last successful one.
ALTER TABLE shops ADD COLUMN sync_started_at bigint;
ALTER TABLE shops ADD COLUMN sync_finished_at bigint;
ALTER TABLE shops ADD COLUMN sync_succeeded_at bigint;
-- The last failure in the seller's words (null after a success) and the failures in a row.
ALTER TABLE shops ADD COLUMN sync_error text;
ALTER TABLE shops ADD COLUMN sync_failures integer NOT NULL DEFAULT 0;
-- The claim looks for due shops among those with tokens.
CREATE INDEX shops_sync_due_idx ON shops (sync_due_at NULLS FIRST, id) WHERE access_token_sealed IS NOT NULL;
