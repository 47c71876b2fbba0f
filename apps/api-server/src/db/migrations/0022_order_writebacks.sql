-- 发货回传: the shipment of a platform order written back to its platform (拼多多, 抖店). One row per
-- order, inserted in the transaction of the 发货 step (db/writeback.ts), sent by the `writeback` job
-- kind (jobs/writeback.ts).
--
-- status: `waiting` (待回传: 自动回传物流 is off; 重新回传 queues it), `pending` (queued, or waiting for
-- its next attempt after a retryable failure), `sending` (claimed: the platform is being called, under a
-- lease), `succeeded` (已回传), `failed` (回传失败: the platform refused, or it cannot be sent).
-- Times of the queue (`next_attempt_at`, `lease_until`) are the database's clock in milliseconds, so
-- instances whose clocks disagree still agree on what is due and whose lease ran out.
CREATE TABLE order_writebacks (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  platform text NOT NULL,
  platform_order_no text NOT NULL,
  -- Our carrier code (CARRIERS in the contract); mapped to the platform's own when sent.
  carrier text NOT NULL,
  tracking_no text NOT NULL,
  status text NOT NULL CHECK (status IN ('waiting', 'pending', 'sending', 'succeeded', 'failed')),
  -- Attempts since it was last queued (发货 or 重新回传): the backoff grows with it.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint,
  lease_until bigint,
  -- Why the last attempt did not land, for the seller (Chinese), and the platform's own words.
  last_error text,
  platform_message text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  sent_at bigint
);
CREATE UNIQUE INDEX order_writebacks_order_idx ON order_writebacks (order_id);
CREATE INDEX order_writebacks_account_idx ON order_writebacks (account_id);
-- What the job claims: due attempts, and leases that ran out (a process died while sending).
CREATE INDEX order_writebacks_due_idx ON order_writebacks (next_attempt_at) WHERE status = 'pending';
CREATE INDEX order_writebacks_lease_idx ON order_writebacks (lease_until) WHERE status = 'sending';
