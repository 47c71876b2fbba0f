-- The order list's total without filters, or with only the status tab, read from a counter instead
-- of `count(*)` (the order bench: with 100,000 orders in one account the unfiltered count was an
-- index-only scan of 100,000 entries, 40-50 ms a request, so the first page could not answer 200
-- req/s). The counter is kept by a trigger in the same transaction as the order write, so it always
-- equals `count(*)` (test/list-totals.test.ts): it is exact, not a cache. Lists with other filters
-- still count their rows.
CREATE TABLE order_totals (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  status text NOT NULL,
  total integer NOT NULL,
  PRIMARY KEY (account_id, status)
);
INSERT INTO order_totals (account_id, status, total)
  SELECT account_id, status, count(*) FROM orders GROUP BY account_id, status;

CREATE FUNCTION order_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE order_totals SET total = total - 1 WHERE account_id = OLD.account_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_totals (account_id, status, total) VALUES (NEW.account_id, NEW.status, 1)
      ON CONFLICT (account_id, status) DO UPDATE SET total = order_totals.total + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_track_totals AFTER INSERT OR DELETE OR UPDATE OF account_id, status ON orders
  FOR EACH ROW EXECUTE FUNCTION order_totals_track();

-- The count of a status tab with a shop or a platform (the shops of one platform): an index-only scan
-- per shop of that status instead of reading every row of the status (measured at 100,000 orders,
-- 待采购 + 淘宝: 14.5 ms -> 5.5 ms under a load average of 10).
CREATE INDEX orders_account_status_shop_idx ON orders (account_id, status, shop_id);
