-- The order keyword also finds a platform order by the platform's own order number (拼多多 order_sn,
-- 抖店 shop_order_id; migration 0019), the number sellers copy from the platform's back office. The
-- stored lower-cased search text of migration 0002 gains it as a fourth field (empty for orders
-- without one), chr(31) between the fields as before.
ALTER TABLE orders DROP COLUMN search;
ALTER TABLE orders ADD COLUMN search text GENERATED ALWAYS AS (
  lower(order_no || chr(31) || buyer_name || chr(31) || goods_titles || chr(31) || coalesce(platform_order_no, ''))
) STORED;
