-- A member limited to some shops (子账号 店铺权限, docs/design.md#seller-accounts-permissions-and-the-operation-log).
-- NULL: every shop of the account (the owner always). An array, even one whose shops were all deleted
-- since, or an empty one: only those shops; a deleted shop's id is never used again, so it matches
-- nothing and the member stays restricted instead of seeing every shop.
ALTER TABLE users ADD COLUMN shop_ids integer[];

-- The shop a notification is about (its authorisation, its sync, an order's writeback or purchase),
-- so that a member limited to other shops neither lists nor counts it; NULL: the whole account's
-- (余额预警, the 1688 account).
ALTER TABLE notifications ADD COLUMN shop_id integer;
UPDATE notifications n SET shop_id = s.id FROM shops s
  WHERE s.account_id = n.account_id AND n.key ~ '^(shop|order_sync):[0-9]+(:|$)'
    AND s.id = substring(n.key FROM '^[a-z_]+:([0-9]+)')::integer;
UPDATE notifications n SET shop_id = o.shop_id FROM orders o
  WHERE o.account_id = n.account_id AND n.key ~ '^(writeback|purchase):[0-9]+(:|$)'
    AND o.id = substring(n.key FROM '^[a-z_]+:([0-9]+)')::integer;

-- The shops an export may hold: those of the member who made it (NULL: every shop). A member limited
-- to some shops sees only the exports within them in 下载中心; the job exports within them only.
ALTER TABLE export_jobs ADD COLUMN shop_ids integer[];
