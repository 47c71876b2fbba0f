-- 铺货: a product published to a sales platform's shop (jobs/publish.ts, docs/design.md#publishing-goods-to-a-shop).
-- One row per (goods, shop): a retry or a second 铺货 of the same pair never lists twice.
-- status: `queued` and `publishing` (发布中: waiting, or claimed under a lease), `reviewing` and
-- `checking` (审核中: the platform reviews the commit; looked at again at `next_attempt_at`),
-- `published` (已发布, `platform_goods_id` set), `failed` (发布失败, `reason` says why).
-- `cat_id`, `cost_template_id` and `properties` are the seller's choices (null: the remembered
-- category mapping, the shop's first freight template, the offer's attributes).
-- `add_sent_at` fences pdd.goods.add: set before the call, cleared by a definite refusal; a claim that
-- finds it set without `goods_commit_id` (its process died mid-call) never adds again.
CREATE TABLE goods_listings (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  goods_id integer NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'publishing', 'reviewing', 'checking', 'published', 'failed')),
  cat_id bigint,
  cost_template_id bigint,
  properties jsonb,
  platform_goods_id text,
  goods_commit_id text,
  reason text,
  add_sent_at bigint,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL DEFAULT 0,
  lease_until bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (goods_id, shop_id)
);
CREATE INDEX goods_listings_account_idx ON goods_listings (account_id, id);
CREATE INDEX goods_listings_due_idx ON goods_listings (next_attempt_at) WHERE status IN ('queued', 'reviewing');
-- The seller's remembered choice: goods of this 1688 category go to this category of the platform.
CREATE TABLE listing_category_map (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  platform text NOT NULL,
  source_category text NOT NULL,
  cat_id bigint NOT NULL,
  PRIMARY KEY (account_id, platform, source_category)
);
