-- Order fulfilment: purchase and shipping details on the order, its timeline, the
-- account's sender and return addresses (发货地址), and the after-sale answers.

ALTER TABLE orders ADD COLUMN supplier text;
ALTER TABLE orders ADD COLUMN supplier_order_no text;
ALTER TABLE orders ADD COLUMN cost bigint;
ALTER TABLE orders ADD COLUMN carrier text;
ALTER TABLE orders ADD COLUMN tracking_no text;
-- The sender address as it was when the order shipped (an address edited or deleted later does not
-- change where a parcel came from).
ALTER TABLE orders ADD COLUMN sender jsonb;
ALTER TABLE orders ADD COLUMN cancel_reason text;
ALTER TABLE orders ADD COLUMN updated_at bigint;

-- The timeline of an order: one row per step, who and when, with the step's details.
CREATE TABLE order_events (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('purchase', 'ship', 'complete', 'cancel')),
  details jsonb NOT NULL DEFAULT '{}',
  created_at bigint NOT NULL
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- 发货地址: sender and return addresses; at most one default per account and kind.
CREATE TABLE addresses (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sender', 'return')),
  name text NOT NULL,
  mobile text NOT NULL,
  region text NOT NULL,
  address text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX addresses_account_idx ON addresses (account_id, kind);
CREATE UNIQUE INDEX addresses_one_default_idx ON addresses (account_id, kind) WHERE is_default;

ALTER TABLE after_sales ADD COLUMN return_tracking_no text;
ALTER TABLE after_sales ADD COLUMN reject_reason text;
ALTER TABLE after_sales ADD COLUMN handled_at bigint;
