-- 铺货: the chosen category's name with its parents (女装 > 连衣裙) beside its id, on the listing and on the
-- remembered mapping, so the pages show the name (docs/design.md#publishing-goods-to-a-shop). Null on rows
-- of before: the id is shown until the next publish fills it.
ALTER TABLE goods_listings ADD COLUMN cat_name text;
ALTER TABLE listing_category_map ADD COLUMN cat_name text;
