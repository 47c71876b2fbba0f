-- The triggers of migration 0013 locked rows in the order an order's change met them: a correction
-- moving an order from buyer X to Y locked X then Y, one moving another order from Y to X locked Y then
-- X, and two such corrections at once deadlocked (3 of 400 concurrent corrections answered 500). The
-- functions below (the triggers keep calling them) lock in one fixed order instead:
--   1. the account's row of group_totals for the list, whenever rows may be created or deleted (an
--      order deleted, moved to another buyer or address, or the first order of a new one);
--   2. the old and the new row of the list together, in key order.
-- A change that touches none of the tracked values (an address correction keeps the buyer) changes
-- nothing and locks nothing. What remains (a statement inserting many orders meets the rows in its own
-- order) is rare, and a deadlock is retried by the server (db.ts, `retryingConflicts`).

CREATE OR REPLACE FUNCTION buyers_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over integer;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.account_id, OLD.receiver_mobile, OLD.buyer_name, OLD.amount, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.account_id, NEW.receiver_mobile, NEW.buyer_name, NEW.amount, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.account_id, OLD.receiver_mobile, OLD.buyer_name)
      IS DISTINCT FROM (NEW.account_id, NEW.receiver_mobile, NEW.buyer_name)) THEN
    PERFORM 1 FROM group_totals WHERE account_id = OLD.account_id AND list = 'buyers' FOR UPDATE;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM buyers
      WHERE (account_id, receiver_mobile, buyer_name) IN
        ((OLD.account_id, OLD.receiver_mobile, OLD.buyer_name), (NEW.account_id, NEW.receiver_mobile, NEW.buyer_name))
      ORDER BY account_id, receiver_mobile, buyer_name FOR UPDATE;
  END IF;
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
    LOOP
      UPDATE buyers SET order_count = order_count + 1, spend = spend + NEW.amount,
          last_order_at = CASE WHEN (NEW.created_at, NEW.id) > (last_order_at, last_order_id)
            THEN NEW.created_at ELSE last_order_at END,
          last_order_id = CASE WHEN (NEW.created_at, NEW.id) > (last_order_at, last_order_id)
            THEN NEW.id ELSE last_order_id END
        WHERE account_id = NEW.account_id AND receiver_mobile = NEW.receiver_mobile
          AND buyer_name = NEW.buyer_name;
      EXIT WHEN FOUND;
      -- A new buyer: the account's total before the row, as above.
      PERFORM 1 FROM group_totals WHERE account_id = NEW.account_id AND list = 'buyers' FOR UPDATE;
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

CREATE OR REPLACE FUNCTION receivers_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over integer;
BEGIN
  IF TG_OP = 'UPDATE'
      AND (OLD.account_id, OLD.receiver_mobile, OLD.receiver_name, OLD.receiver_address, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.account_id, NEW.receiver_mobile, NEW.receiver_name, NEW.receiver_address,
        NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE'
      AND (OLD.account_id, OLD.receiver_mobile, OLD.receiver_name, OLD.receiver_address)
      IS DISTINCT FROM (NEW.account_id, NEW.receiver_mobile, NEW.receiver_name, NEW.receiver_address)) THEN
    PERFORM 1 FROM group_totals WHERE account_id = OLD.account_id AND list = 'receivers' FOR UPDATE;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM receivers
      WHERE (account_id, receiver_mobile, receiver_name, receiver_address) IN
        ((OLD.account_id, OLD.receiver_mobile, OLD.receiver_name, OLD.receiver_address),
         (NEW.account_id, NEW.receiver_mobile, NEW.receiver_name, NEW.receiver_address))
      ORDER BY account_id, receiver_mobile, receiver_name, receiver_address FOR UPDATE;
  END IF;
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
      PERFORM 1 FROM group_totals WHERE account_id = NEW.account_id AND list = 'receivers' FOR UPDATE;
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
