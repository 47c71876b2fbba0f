-- The SKUs of a product (商品 → 规格): each its spec as the buyer reads it (`白色,XL`, '' for a
-- product of one spec), price (分), stock and 商家编码, in the seller's order. A SKU may name its
-- 货源 on 1688: the offer, its spec (null for an offer without specs), how many supplier units make
-- one unit sold, and the supplier's price (分) when it was linked. The copy job writes them
-- (src/jobs/copy.ts); 一键采购 reads the 货源.
CREATE TABLE goods_skus (
  id serial PRIMARY KEY,
  goods_id integer NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  spec text NOT NULL DEFAULT '',
  price bigint NOT NULL CHECK (price >= 1),
  stock integer NOT NULL CHECK (stock >= 0),
  outer_sku_id text NOT NULL DEFAULT '',
  supplier_offer_id text,
  supplier_spec_id text,
  supplier_quantity integer CHECK (supplier_quantity >= 1),
  supplier_price bigint CHECK (supplier_price >= 0),
  CHECK ((supplier_offer_id IS NULL) = (supplier_quantity IS NULL)),
  UNIQUE (goods_id, position)
);
CREATE INDEX goods_skus_account_idx ON goods_skus (account_id);
