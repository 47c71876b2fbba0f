-- 抖店 authorises a tool-type app (工具型应用) by its service on the 服务市场, not by its app key: a
-- platform app records that service's id (服务ID, digits; '' for a platform that has none). See
-- docs/design.md (抖店 protocol facts).
ALTER TABLE platform_auths ADD COLUMN service_id text NOT NULL DEFAULT '';
