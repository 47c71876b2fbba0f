-- 拼多多 消息服务 (PMC): whether a shop's messages are open (`pdd.pmc.user.permit` answered success,
-- jobs/pdd-messages.ts) and, until then, when the next attempt is due (unix s; a failure waits
-- `PERMIT_RETRY_SECONDS`). Only 拼多多 shops are concerned; the others keep NULL / 0.
ALTER TABLE shops ADD COLUMN pmc_permitted_at bigint;
ALTER TABLE shops ADD COLUMN pmc_permit_after bigint NOT NULL DEFAULT 0;
