-- 货源监控 (jobs/monitor.ts, docs/design.md#supplier-monitor): a look under way is marked, so that a
-- 1688 product message arriving meanwhile asks for one more look after it (`monitor_recheck`) instead of
-- starting a second look of the same listing at once.
ALTER TABLE goods_listings
  ADD COLUMN monitor_looking boolean NOT NULL DEFAULT false,
  ADD COLUMN monitor_recheck boolean NOT NULL DEFAULT false;
