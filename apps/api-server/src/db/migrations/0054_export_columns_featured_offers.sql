-- The columns a seller chose for an order export (keys of the contract's ORDER_EXPORT_COLUMNS, in the
-- file's order); NULL: every column.
ALTER TABLE export_jobs ADD COLUMN columns text[];

-- 平台精选 as operators list it: what the last read of each offer through 1688 said (any seller's read:
-- 平台精选, 货源, 商品复制; db/featured.ts), so the operators' page shows title, picture and price
-- without calling 1688. NULL read_at: not read yet.
ALTER TABLE featured_offers
  ADD COLUMN title text,
  ADD COLUMN image text,
  ADD COLUMN price bigint,
  ADD COLUMN on_sale boolean,
  ADD COLUMN read_at bigint;
