-- The result of a shop's last finished order sync, which 立即同步 shows (同步完成：新增 3 单，更新 5 单):
-- the orders the run added and updated (db/shop-sync.ts `finishSync`; null before the first run).
ALTER TABLE shops ADD COLUMN sync_inserted integer;
ALTER TABLE shops ADD COLUMN sync_updated integer;

-- A 1688 order message names the 1688 order: its placed purchase is found by that number
-- (db/platform-events.ts `followUpNow`).
CREATE INDEX order_purchases_supplier_order_idx ON order_purchases (supplier_order_no) WHERE status = 'placed';
