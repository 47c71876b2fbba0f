-- Orders that come from a sales platform (the shop sync), typed in (手工建单) or read from a platform's
-- order-export file (导入订单). Seeded orders keep `source = 'seed'` and null platform columns.
ALTER TABLE orders ADD COLUMN source text NOT NULL DEFAULT 'seed'
  CHECK (source IN ('seed', 'sync', 'manual', 'import'));
-- The platform's order number (拼多多 order_sn, 抖店 shop_order_id). One platform order is one row of
-- its shop: the sync and the import upsert by (shop, platform order number), so a page seen twice or a
-- file imported twice changes the row, never duplicates it. `order_no` stays Consign's own number.
ALTER TABLE orders ADD COLUMN platform_order_no text;
CREATE UNIQUE INDEX orders_platform_order_idx ON orders (shop_id, platform_order_no)
  WHERE platform_order_no IS NOT NULL;
-- The platform's own status code and its refund state (`none`, `in_progress`, `refunded`, `closed`),
-- as last read; our `status` is the fulfilment state the seller moves.
ALTER TABLE orders ADD COLUMN platform_status text;
ALTER TABLE orders ADD COLUMN refund_status text;
-- The platform's update time (unix s) of the version stored: an older version read later never
-- overwrites a newer one.
ALTER TABLE orders ADD COLUMN platform_updated_at bigint;
ALTER TABLE orders ADD COLUMN pre_sale boolean NOT NULL DEFAULT false;
-- Ship-by time (pre-sale and promised delivery), paid time: unix s.
ALTER TABLE orders ADD COLUMN ship_by bigint;
ALTER TABLE orders ADD COLUMN paid_at bigint;
-- Amounts in fen besides `amount` (what the buyer paid).
ALTER TABLE orders ADD COLUMN freight bigint;
ALTER TABLE orders ADD COLUMN discount bigint;
ALTER TABLE orders ADD COLUMN buyer_message text;
ALTER TABLE orders ADD COLUMN seller_memo text;
-- The receiver as the platform gives it: the masked text is in receiver_name/mobile/address (0001);
-- these are the region and the platform's ciphertexts `{ name, mobile, address }`, kept for 密文代发
-- and decrypted only through the platform, never stored in clear.
ALTER TABLE orders ADD COLUMN receiver_region jsonb;
ALTER TABLE orders ADD COLUMN receiver_cipher jsonb;
CREATE INDEX orders_pre_sale_idx ON orders (account_id, created_at DESC, id DESC) WHERE pre_sale;
