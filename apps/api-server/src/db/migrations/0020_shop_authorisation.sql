-- Shops on real platforms: 停用 / 启用. A shop with `disabled_at` set (unix s) is never synced nor written
-- back; 启用 clears it. The platform apps' secrets (platform_auths.app_secret) become sealed values
-- (src/db/platform-apps.ts), which the server does at start: the key is configuration, not SQL.
ALTER TABLE shops ADD COLUMN disabled_at bigint;
