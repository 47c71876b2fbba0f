-- 商品复制 with 铺货: the shops (and the seller's choices for each) the copied goods are published to
-- once the copy succeeds (jobs/copy.ts queues their goods_listings then). Null: copy only.
ALTER TABLE copy_records ADD COLUMN publish jsonb;
