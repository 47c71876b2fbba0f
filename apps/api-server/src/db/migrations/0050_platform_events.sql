-- Platform events: the messages a platform pushes (抖店 消息推送 first; 拼多多 and 1688 later), one row
-- per message, recorded before the push is answered (routes/platform-events.ts) and worked off by the
-- `platform-event` job kind (jobs/platform-events.ts). A message is a hint: the worker reads the order
-- from the platform's API and stores it as the order sync does.
--
-- (platform, app_key, msg_id) is unique: a message pushed again (its answer lost, the platform's own
-- retry) is recorded once. `platform_shop_id` and `order_no` are as the platform names them.
-- status: `pending` (due at `next_attempt_at`), `processing` (claimed, under a lease), `done`,
-- `ignored` (not about an order of a shop of ours), `failed` (the platform refused, or too many
-- attempts: the order sync's next run still finds the order). Queue times are the database's clock in
-- milliseconds, as in order_writebacks.
CREATE TABLE platform_events (
  id bigserial PRIMARY KEY,
  platform text NOT NULL,
  app_key text NOT NULL,
  msg_id text NOT NULL,
  tag text NOT NULL,
  platform_shop_id text NOT NULL DEFAULT '',
  order_no text NOT NULL DEFAULT '',
  payload jsonb NOT NULL,
  received_at bigint NOT NULL,
  -- The shop's account once the worker found the shop (the queue's claim reads `account_id`).
  account_id integer REFERENCES seller_accounts (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'done', 'ignored', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL DEFAULT 0,
  lease_until bigint,
  last_error text NOT NULL DEFAULT '',
  processed_at bigint
);
CREATE UNIQUE INDEX platform_events_msg_idx ON platform_events (platform, app_key, msg_id);
CREATE INDEX platform_events_due_idx ON platform_events (next_attempt_at) WHERE status = 'pending';
CREATE INDEX platform_events_lease_idx ON platform_events (lease_until) WHERE status = 'processing';
