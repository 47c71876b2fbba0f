-- 拼多多 消息服务 (PMC): whether a shop's messages are open (`pdd.pmc.user.permit` answered success,
-- jobs/pdd-messages.ts) and, until then, when the next attempt is due (unix s; a failure waits
-- `PERMIT_RETRY_SECONDS`). Only 拼多多 shops are concerned; the others keep NULL / 0.
ALTER TABLE shops ADD COLUMN pmc_permitted_at bigint;
ALTER TABLE shops ADD COLUMN pmc_permit_after bigint NOT NULL DEFAULT 0;
-- A shop's last platform message (店铺设置 shows it with 实时 / 轮询: db/shop.ts).
CREATE INDEX platform_events_shop_idx ON platform_events (platform, platform_shop_id, received_at);
