-- 备用货源: a SKU's second 1688 offer and spec, bought when the first one's spec is out of stock or
-- over its price limit (docs/design.md, 备用货源). NULL offer: none. Same shape as the first 货源.
ALTER TABLE goods_skus ADD COLUMN backup_offer_id text;
ALTER TABLE goods_skus ADD COLUMN backup_spec_id text;
ALTER TABLE goods_skus ADD COLUMN backup_quantity integer;
ALTER TABLE goods_skus ADD COLUMN backup_price bigint;

-- The order lines (0-based) the purchase's attempt buys from their 备用货源, recorded with the attempt
-- (`create_sent`) so a claim after a crash sends the same cargo again; NULL: all from the first 货源.
ALTER TABLE order_purchases ADD COLUMN backup_lines integer[];
-- Why the 备用货源 was bought (shown in the order detail); NULL: the first 货源 was bought.
ALTER TABLE order_purchases ADD COLUMN source_note text;
ALTER TABLE goods_skus ADD CONSTRAINT goods_skus_backup_quantity
  CHECK ((backup_offer_id IS NULL) = (backup_quantity IS NULL));
