-- 抖店 实时 (db/shop.ts): whether the app's pushes are arriving, as "a push of the app was recorded
-- lately": the newest events of one app, read by this index rather than by scanning all of them.
CREATE INDEX platform_events_app_recent_idx ON platform_events (platform, app_key, received_at);
