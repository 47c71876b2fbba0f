-- 商品复制 from 1688 and 平台精选 (the goods area).
-- A copy job names the 1688 offer it copies (null for the jobs of the old, pre-1688 copy).
ALTER TABLE copy_records ADD COLUMN offer_id text CHECK (offer_id ~ '^[0-9]{1,20}$');
-- 代发设置: how a copied product's marked-up price is rounded (none, up to whole 元, up to .9 元).
ALTER TABLE settings ADD COLUMN price_rounding text NOT NULL DEFAULT 'none'
  CHECK (price_rounding IN ('none', 'yuan', 'nine'));
-- 平台精选: the operator's curated 1688 offers, in the order added; sellers copy from them.
CREATE TABLE featured_offers (
  offer_id text PRIMARY KEY CHECK (offer_id ~ '^[0-9]{1,20}$'),
  created_at bigint NOT NULL
);
