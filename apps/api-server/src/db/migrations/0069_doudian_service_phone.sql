-- 代发设置's 抖店客服电话 (contract/setting.ts `doudian_service_phone`): the `mobile` a product published to
-- 抖店 shows (jobs/publish.ts); '' = the account owner's login mobile.
ALTER TABLE settings ADD COLUMN doudian_service_phone text NOT NULL DEFAULT ''
  CHECK (char_length(doudian_service_phone) <= 20);
