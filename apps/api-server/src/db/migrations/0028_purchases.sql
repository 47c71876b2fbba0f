-- 一键采购 (src/db/purchase.ts, src/jobs/purchase.ts).
--
-- Which goods SKU an order line is bought as: 关联货源 on an order remembers the line's key
-- (`sku:<shop>:<platform SKU id>`, else `title:<shop>:<title>|<spec>`) for the next orders of that
-- line. A line is matched by its platform SKU id here first, then by 商家编码
-- (`goods_skus.outer_sku_id`), then by its title key here (db/purchase.ts `orderItems`).
CREATE TABLE order_item_links (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  sku_id integer NOT NULL REFERENCES goods_skus (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (account_id, item_key)
);
CREATE INDEX order_item_links_sku_idx ON order_item_links (sku_id);
CREATE INDEX goods_skus_outer_sku_idx ON goods_skus (account_id, outer_sku_id) WHERE outer_sku_id <> '';

-- 代发设置: how much the supplier's price may have risen above the 货源's linked price before a
-- purchase is refused (percent).
ALTER TABLE settings ADD COLUMN purchase_price_rise_percent integer NOT NULL DEFAULT 10
  CHECK (purchase_price_rise_percent BETWEEN 0 AND 100);

-- One row per order bought on 1688. status: `queued` (waiting for the `purchase` job), `placing`
-- (claimed under a lease: 1688 is being called), `placed` (bought: the order is 已采购 with the
-- supplier order number; the `supplier-logistics` job polls it), `failed` (1688 refused or it cannot
-- be bought: `last_error`, the order stays 待采购), `shipped` (the supplier shipped; the order was
-- shipped with its tracking number), `cancelled` (the supplier cancelled: the order is back to 待采购).
-- Times of the queue (`next_attempt_at`, `lease_until`, `next_poll_at`) are the database's clock in
-- milliseconds, like order_writebacks.
CREATE TABLE order_purchases (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('queued', 'placing', 'placed', 'failed', 'shipped', 'cancelled')),
  -- Who asked (the order's timeline names them); null: 自动采购.
  requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  confirm_blacklist boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  -- The order was sent to 1688 (after its preview passed the price limit): a claim after a crash
  -- sends the same order again (1688 answers the one placed for our `outOrderId`).
  create_sent boolean NOT NULL DEFAULT false,
  next_attempt_at bigint,
  lease_until bigint,
  supplier_order_no text,
  goods_fen bigint,
  freight_fen bigint,
  -- Why it was not bought (or why the follow-up is stuck), for the seller; 1688's own words.
  last_error text,
  supplier_message text,
  next_poll_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX order_purchases_order_idx ON order_purchases (order_id);
CREATE INDEX order_purchases_account_idx ON order_purchases (account_id);
CREATE INDEX order_purchases_due_idx ON order_purchases (next_attempt_at) WHERE status = 'queued';
CREATE INDEX order_purchases_lease_idx ON order_purchases (lease_until) WHERE status = 'placing';
CREATE INDEX order_purchases_poll_idx ON order_purchases (next_poll_at) WHERE status = 'placed';

-- The order's timeline gets `purchase_cancelled`: the supplier cancelled the 1688 purchase and the
-- order went back to 待采购 (db/order-steps.ts `revertPurchase`).
ALTER TABLE order_events DROP CONSTRAINT order_events_action_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_action_check
  CHECK (action IN ('purchase', 'ship', 'complete', 'cancel', 'address', 'purchase_cancelled'));
