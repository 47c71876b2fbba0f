-- 货源监控 (jobs/monitor.ts, docs/design.md#supplier-monitor): each 已发布 listing follows its 1688 货源.
-- 代发设置's rules: 价格跟随 (`follow`: the markup rule; `warn`: 仅提醒), 库存跟随 (the supplier's stock,
-- at most `monitor_stock_cap`, minus `monitor_stock_margin`), 下架处理 (`delist` or `zero` stock).
ALTER TABLE settings ADD COLUMN monitor_price text NOT NULL DEFAULT 'follow'
  CHECK (monitor_price IN ('follow', 'warn'));
ALTER TABLE settings ADD COLUMN monitor_stock boolean NOT NULL DEFAULT true;
ALTER TABLE settings ADD COLUMN monitor_stock_cap integer NOT NULL DEFAULT 999
  CHECK (monitor_stock_cap BETWEEN 1 AND 1000000);
ALTER TABLE settings ADD COLUMN monitor_stock_margin integer NOT NULL DEFAULT 0
  CHECK (monitor_stock_margin BETWEEN 0 AND 1000);
ALTER TABLE settings ADD COLUMN monitor_off_sale text NOT NULL DEFAULT 'delist'
  CHECK (monitor_off_sale IN ('delist', 'zero'));

-- The recurring look (jobs/queue.ts MONITOR_QUEUE): due when `monitor_next_at` (ms, the database's
-- clock) passed; the claim moves it one interval ahead. `monitor_looked_at` / `monitor_change(d_at)`:
-- the last look and the last change applied or refused, shown with the listing. `on_sale`: as we set it.
ALTER TABLE goods_listings ADD COLUMN monitor_next_at bigint NOT NULL DEFAULT 0;
ALTER TABLE goods_listings ADD COLUMN monitor_looked_at bigint;
ALTER TABLE goods_listings ADD COLUMN monitor_change text;
ALTER TABLE goods_listings ADD COLUMN monitor_changed_at bigint;
ALTER TABLE goods_listings ADD COLUMN on_sale boolean NOT NULL DEFAULT true;
CREATE INDEX goods_listings_monitor_idx ON goods_listings (monitor_next_at) WHERE status = 'published';

-- Each SKU of a published listing as it stands on the platform: its 拼多多 sku id (pdd.goods.detail.get,
-- matched by 商家编码), the prices and stock we last set, and the supplier's cost they follow;
-- `notified_cost`: the cost a price change not applied was notified for (told once, not every look).
CREATE TABLE listing_skus (
  listing_id integer NOT NULL REFERENCES goods_listings (id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES goods_skus (id) ON DELETE CASCADE,
  platform_sku_id text NOT NULL,
  multi_price bigint NOT NULL,
  single_price bigint NOT NULL,
  quantity integer NOT NULL,
  cost bigint,
  notified_cost bigint,
  PRIMARY KEY (listing_id, sku_id)
);
