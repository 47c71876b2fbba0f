-- 货源监控 (jobs/monitor.ts, docs/design.md#supplier-monitor): whether the listing's last look found
-- something the seller must settle (a price rise past 允许采购价上浮 or one that would lose money, the 货源
-- off sale or gone, specs not bound). Written by every completed look; 商品管理's 需处理 filter reads it.
ALTER TABLE goods_listings ADD COLUMN monitor_attention boolean NOT NULL DEFAULT false;
