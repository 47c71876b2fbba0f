-- 买家管理's rows, kept by a trigger instead of grouping the orders on every request (bench:orders,
-- 100,000 orders from 20,000 buyers: grouping them took 1.3-1.4 s a page, 6 requests a second). A buyer
-- is still the account's orders with one buyer name and receiver mobile: this table is that GROUP BY,
-- written in the same transaction as the order, so it always equals it (test/list-totals.test.ts);
-- nothing else writes it.

-- Other instances keep serving while one migrates: hold their order writes (reads go on) until the
-- copies below and their triggers are in place, so no order lands between the copy and the trigger.
LOCK TABLE orders IN SHARE MODE;

-- The number of rows of each list per account, moved by the triggers below when a row is created or
-- deleted: the unfiltered total of the page without a count(*) (at 100,000 receiving addresses that
-- count took 40-50 ms a request, as the orders' did before migration 0010).
CREATE TABLE group_totals (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  list text NOT NULL CHECK (list IN ('buyers', 'receivers')),
  total integer NOT NULL,
  PRIMARY KEY (account_id, list)
);

CREATE TABLE buyers (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  buyer_name text NOT NULL,
  receiver_mobile text NOT NULL,
  order_count integer NOT NULL,
  spend bigint NOT NULL,
  -- The newest order (by created_at, then id): its time, and its id as the buyer's handle.
  last_order_at bigint NOT NULL,
  last_order_id integer NOT NULL,
  -- The keyword matches the name (any case) or a part of the mobile: one lower-cased copy searched
  -- with LIKE, as the orders' search column (migration 0002); chr(31) keeps a match inside one field.
  search text GENERATED ALWAYS AS (lower(buyer_name || chr(31) || receiver_mobile)) STORED,
  PRIMARY KEY (account_id, receiver_mobile, buyer_name)
);
-- One index per sort of the list (db/buyer.ts), so a page is read in order instead of sorted.
CREATE INDEX buyers_last_order_idx ON buyers (account_id, last_order_at DESC, last_order_id DESC);
CREATE INDEX buyers_order_count_idx ON buyers (account_id, order_count DESC, last_order_at DESC);
CREATE INDEX buyers_spend_idx ON buyers (account_id, spend DESC, last_order_at DESC);

INSERT INTO buyers (account_id, buyer_name, receiver_mobile, order_count, spend, last_order_at, last_order_id)
  SELECT DISTINCT ON (account_id, receiver_mobile, buyer_name) account_id, buyer_name, receiver_mobile,
    count(*) OVER w, sum(amount) OVER w, created_at, id
  FROM orders
  WINDOW w AS (PARTITION BY account_id, receiver_mobile, buyer_name)
  ORDER BY account_id, receiver_mobile, buyer_name, created_at DESC, id DESC;

-- An order joins its buyer's row (created at its first order) and leaves it (deleted with its last
-- order). Count and spend move by relative updates, so concurrent orders of one buyer add up under the
-- row lock. When the newest order leaves, the next newest is looked up under that lock. A row created
-- or deleted moves the account's number of buyers in group_totals.
CREATE FUNCTION buyers_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE buyers SET order_count = order_count - 1, spend = spend - OLD.amount
      WHERE account_id = OLD.account_id AND receiver_mobile = OLD.receiver_mobile
        AND buyer_name = OLD.buyer_name
      RETURNING order_count INTO left_over;
    IF left_over = 0 THEN
      DELETE FROM buyers WHERE account_id = OLD.account_id AND receiver_mobile = OLD.receiver_mobile
        AND buyer_name = OLD.buyer_name;
      UPDATE group_totals SET total = total - 1 WHERE account_id = OLD.account_id AND list = 'buyers';
    ELSIF left_over IS NOT NULL THEN
      UPDATE buyers b SET last_order_at = o.created_at, last_order_id = o.id
        FROM (SELECT created_at, id FROM orders
              WHERE account_id = OLD.account_id AND receiver_mobile = OLD.receiver_mobile
                AND buyer_name = OLD.buyer_name AND id <> OLD.id
              ORDER BY created_at DESC, id DESC LIMIT 1) o
        WHERE b.account_id = OLD.account_id AND b.receiver_mobile = OLD.receiver_mobile
          AND b.buyer_name = OLD.buyer_name AND b.last_order_id = OLD.id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- One more order of a known buyer, else a new buyer; the loop is PL/pgSQL's documented upsert
    -- (UPDATE, else INSERT, again if another transaction created or deleted the row in between).
    LOOP
      UPDATE buyers SET order_count = order_count + 1, spend = spend + NEW.amount,
          last_order_at = CASE WHEN (NEW.created_at, NEW.id) > (last_order_at, last_order_id)
            THEN NEW.created_at ELSE last_order_at END,
          last_order_id = CASE WHEN (NEW.created_at, NEW.id) > (last_order_at, last_order_id)
            THEN NEW.id ELSE last_order_id END
        WHERE account_id = NEW.account_id AND receiver_mobile = NEW.receiver_mobile
          AND buyer_name = NEW.buyer_name;
      EXIT WHEN FOUND;
      INSERT INTO buyers (account_id, buyer_name, receiver_mobile, order_count, spend, last_order_at,
          last_order_id)
        VALUES (NEW.account_id, NEW.buyer_name, NEW.receiver_mobile, 1, NEW.amount, NEW.created_at, NEW.id)
        ON CONFLICT (account_id, receiver_mobile, buyer_name) DO NOTHING;
      IF FOUND THEN
        INSERT INTO group_totals (account_id, list, total) VALUES (NEW.account_id, 'buyers', 1)
          ON CONFLICT (account_id, list) DO UPDATE SET total = group_totals.total + 1;
        EXIT;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_track_buyers
  AFTER INSERT OR DELETE OR UPDATE OF account_id, buyer_name, receiver_mobile, amount, created_at ON orders
  FOR EACH ROW EXECUTE FUNCTION buyers_track();

-- 地址管理's rows: the orders grouped by receiver name, mobile and address, kept the same way and for
-- the same reason (grouping 100,000 orders on every page). Equal to the GROUP BY at all times
-- (test/list-totals.test.ts); nothing else writes it.
CREATE TABLE receivers (
  account_id integer NOT NULL REFERENCES seller_accounts (id) ON DELETE CASCADE,
  receiver_name text NOT NULL,
  receiver_mobile text NOT NULL,
  receiver_address text NOT NULL,
  order_count integer NOT NULL,
  last_order_at bigint NOT NULL,
  last_order_id integer NOT NULL,
  -- The keyword matches the receiver's name or the address, any case (see buyers.search).
  search text GENERATED ALWAYS AS (lower(receiver_name || chr(31) || receiver_address)) STORED,
  PRIMARY KEY (account_id, receiver_mobile, receiver_name, receiver_address)
);
CREATE INDEX receivers_last_order_idx ON receivers (account_id, last_order_at DESC, last_order_id DESC);

INSERT INTO receivers (account_id, receiver_name, receiver_mobile, receiver_address, order_count, last_order_at,
    last_order_id)
  SELECT DISTINCT ON (account_id, receiver_mobile, receiver_name, receiver_address) account_id, receiver_name,
    receiver_mobile, receiver_address, count(*) OVER w, created_at, id
  FROM orders
  WINDOW w AS (PARTITION BY account_id, receiver_mobile, receiver_name, receiver_address)
  ORDER BY account_id, receiver_mobile, receiver_name, receiver_address, created_at DESC, id DESC;

INSERT INTO group_totals (account_id, list, total)
  SELECT account_id, 'buyers', count(*) FROM buyers GROUP BY account_id
  UNION ALL SELECT account_id, 'receivers', count(*) FROM receivers GROUP BY account_id;

CREATE FUNCTION receivers_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE receivers SET order_count = order_count - 1
      WHERE account_id = OLD.account_id AND receiver_mobile = OLD.receiver_mobile
        AND receiver_name = OLD.receiver_name AND receiver_address = OLD.receiver_address
      RETURNING order_count INTO left_over;
    IF left_over = 0 THEN
      DELETE FROM receivers WHERE account_id = OLD.account_id AND receiver_mobile = OLD.receiver_mobile
        AND receiver_name = OLD.receiver_name AND receiver_address = OLD.receiver_address;
      UPDATE group_totals SET total = total - 1 WHERE account_id = OLD.account_id AND list = 'receivers';
    ELSIF left_over IS NOT NULL THEN
      UPDATE receivers r SET last_order_at = o.created_at, last_order_id = o.id
        FROM (SELECT created_at, id FROM orders
              WHERE account_id = OLD.account_id AND receiver_mobile = OLD.receiver_mobile
                AND receiver_name = OLD.receiver_name AND receiver_address = OLD.receiver_address
                AND id <> OLD.id
              ORDER BY created_at DESC, id DESC LIMIT 1) o
        WHERE r.account_id = OLD.account_id AND r.receiver_mobile = OLD.receiver_mobile
          AND r.receiver_name = OLD.receiver_name AND r.receiver_address = OLD.receiver_address
          AND r.last_order_id = OLD.id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    LOOP
      UPDATE receivers SET order_count = order_count + 1,
          last_order_at = CASE WHEN (NEW.created_at, NEW.id) > (last_order_at, last_order_id)
            THEN NEW.created_at ELSE last_order_at END,
          last_order_id = CASE WHEN (NEW.created_at, NEW.id) > (last_order_at, last_order_id)
            THEN NEW.id ELSE last_order_id END
        WHERE account_id = NEW.account_id AND receiver_mobile = NEW.receiver_mobile
          AND receiver_name = NEW.receiver_name AND receiver_address = NEW.receiver_address;
      EXIT WHEN FOUND;
      INSERT INTO receivers (account_id, receiver_name, receiver_mobile, receiver_address, order_count,
          last_order_at, last_order_id)
        VALUES (NEW.account_id, NEW.receiver_name, NEW.receiver_mobile, NEW.receiver_address, 1,
          NEW.created_at, NEW.id)
        ON CONFLICT (account_id, receiver_mobile, receiver_name, receiver_address) DO NOTHING;
      IF FOUND THEN
        INSERT INTO group_totals (account_id, list, total) VALUES (NEW.account_id, 'receivers', 1)
          ON CONFLICT (account_id, list) DO UPDATE SET total = group_totals.total + 1;
        EXIT;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_track_receivers
  AFTER INSERT OR DELETE OR UPDATE OF account_id, receiver_name, receiver_mobile, receiver_address, created_at
  ON orders FOR EACH ROW EXECUTE FUNCTION receivers_track();
-- The recount when the newest order leaves reads the orders of one mobile through
-- orders_account_buyer_idx (account_id, receiver_mobile, buyer_name) of migration 0011.
